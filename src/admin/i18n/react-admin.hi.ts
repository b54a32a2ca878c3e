/**
 * React-admin's own messages in Hindi: every key of `ra-language-english`, in plain office Hindi for the school's
 * staff. Placeholders (%{name}, %{smart_count}, …) and polyglot plural forms (`one |||| many`) are kept as in English.
 *
 * Terms used throughout: सहेजें (save), हटाएँ (delete, remove), संपादित करें (edit), खोजें (search), रद्द करें (cancel),
 * जोड़ें (add, create), रिकॉर्ड (item, element), पेज (page), फ़िल्टर, लॉग इन, पासवर्ड, ईमेल, त्रुटि (error).
 * "Session" is written as लॉग इन समय, not सत्र, because in a school सत्र means the academic year.
 */
import type englishMessages from 'ra-language-english';

/**
 * The shape of a translation of T: every string key of T is required and holds a string, and no other key is
 * allowed. Index signatures (react-admin's `[key: string]: …` for custom keys) are dropped, so that a key
 * react-admin does not have fails the object literal's excess-property check.
 */
export type Translation<T> = {
  -readonly [K in keyof T as string extends K ? never : number extends K ? never : K]-?: NonNullable<
    T[K]
  > extends string
    ? string
    : Translation<NonNullable<T[K]>>;
};

export const reactAdminHindi = {
  ra: {
    action: {
      add_filter: 'फ़िल्टर जोड़ें',
      add: 'जोड़ें',
      back: 'वापस जाएँ',
      bulk_actions: '1 रिकॉर्ड चुना गया |||| %{smart_count} रिकॉर्ड चुने गए',
      cancel: 'रद्द करें',
      clear_array_input: 'सूची खाली करें',
      clear_input_value: 'लिखा हुआ मिटाएँ',
      clone: 'कॉपी बनाएँ',
      confirm: 'पुष्टि करें',
      create: 'नया जोड़ें',
      create_item: '%{item} जोड़ें',
      delete: 'हटाएँ',
      edit: 'संपादित करें',
      export: 'एक्सपोर्ट करें',
      list: 'सूची',
      refresh: 'रीफ़्रेश करें',
      remove_filter: 'यह फ़िल्टर हटाएँ',
      remove_all_filters: 'सभी फ़िल्टर हटाएँ',
      remove: 'हटाएँ',
      reset: 'रीसेट करें',
      save: 'सहेजें',
      search: 'खोजें',
      search_columns: 'कॉलम खोजें',
      select_all: 'सभी चुनें',
      select_all_button: 'सभी चुनें',
      select_row: 'यह पंक्ति चुनें',
      show: 'देखें',
      sort: 'क्रम से लगाएँ',
      undo: 'वापस लें',
      unselect: 'चुनाव हटाएँ',
      expand: 'खोलकर देखें',
      close: 'बंद करें',
      open_menu: 'मेन्यू खोलें',
      close_menu: 'मेन्यू बंद करें',
      update: 'अपडेट करें',
      move_up: 'ऊपर ले जाएँ',
      move_down: 'नीचे ले जाएँ',
      open: 'खोलें',
      toggle_theme: 'लाइट/डार्क मोड बदलें',
      select_columns: 'कॉलम',
      update_application: 'एप्लिकेशन दोबारा लोड करें',
    },
    boolean: {
      true: 'हाँ',
      false: 'नहीं',
      // The blank choice of a yes/no field that may be left empty: an em space (U+2003), as in English.
      null: '\u2003',
    },
    page: {
      create: '%{name} जोड़ें',
      dashboard: 'डैशबोर्ड',
      edit: '%{name} %{recordRepresentation}',
      error: 'कुछ गड़बड़ हो गई',
      list: '%{name}',
      loading: 'लोड हो रहा है',
      not_found: 'पेज नहीं मिला',
      show: '%{name} %{recordRepresentation}',
      empty: 'अभी तक कोई %{name} नहीं है।',
      invite: 'क्या आप अभी जोड़ना चाहेंगे?',
      access_denied: 'अनुमति नहीं है',
      authentication_error: 'लॉग इन की जाँच में त्रुटि',
    },
    input: {
      file: {
        upload_several: 'अपलोड करने के लिए फ़ाइलें यहाँ खींचकर छोड़ें, या क्लिक करके कोई एक चुनें।',
        upload_single: 'अपलोड करने के लिए फ़ाइल यहाँ खींचकर छोड़ें, या क्लिक करके चुनें।',
      },
      image: {
        upload_several: 'अपलोड करने के लिए फ़ोटो यहाँ खींचकर छोड़ें, या क्लिक करके कोई एक चुनें।',
        upload_single: 'अपलोड करने के लिए फ़ोटो यहाँ खींचकर छोड़ें, या क्लिक करके चुनें।',
      },
      references: {
        all_missing: 'जुड़ा हुआ डेटा नहीं मिल सका।',
        many_missing: 'जुड़े हुए रिकॉर्ड में से कम से कम एक अब उपलब्ध नहीं लगता।',
        single_missing: 'जुड़ा हुआ रिकॉर्ड अब उपलब्ध नहीं लगता।',
      },
      password: {
        // As in English: toggle_visible is the button's label while the password is visible, so it hides it.
        toggle_visible: 'पासवर्ड छिपाएँ',
        toggle_hidden: 'पासवर्ड दिखाएँ',
      },
    },
    message: {
      about: 'जानकारी',
      access_denied: 'आपको यह पेज देखने की अनुमति नहीं है।',
      are_you_sure: 'क्या आप निश्चित हैं?',
      authentication_error: 'लॉग इन सर्वर ने त्रुटि बताई, इसलिए आपकी लॉग इन जानकारी जाँची नहीं जा सकी।',
      auth_error: 'लॉग इन टोकन की जाँच करते समय त्रुटि हुई।',
      bulk_delete_content:
        'क्या आप सचमुच यह %{name} हटाना चाहते हैं? |||| क्या आप सचमुच ये %{smart_count} रिकॉर्ड हटाना चाहते हैं?',
      bulk_delete_title: '%{name} हटाएँ |||| %{smart_count} %{name} हटाएँ',
      bulk_update_content:
        'क्या आप सचमुच %{name} %{recordRepresentation} अपडेट करना चाहते हैं? |||| क्या आप सचमुच ये %{smart_count} रिकॉर्ड अपडेट करना चाहते हैं?',
      bulk_update_title: '%{name} %{recordRepresentation} अपडेट करें |||| %{smart_count} %{name} अपडेट करें',
      clear_array_input: 'क्या आप सचमुच पूरी सूची खाली करना चाहते हैं?',
      delete_content: 'क्या आप सचमुच यह %{name} हटाना चाहते हैं?',
      delete_title: '%{name} %{recordRepresentation} हटाएँ',
      details: 'विवरण',
      error: 'ब्राउज़र में त्रुटि हुई और आपका अनुरोध पूरा नहीं हो सका।',
      invalid_form: 'फ़ॉर्म ठीक से नहीं भरा गया है। कृपया त्रुटियाँ देखें।',
      loading: 'कृपया प्रतीक्षा करें',
      no: 'नहीं',
      not_found: 'या तो आपने गलत URL लिखा है, या आप किसी गलत लिंक से यहाँ आए हैं।',
      select_all_limit_reached: 'सभी को चुनने के लिए रिकॉर्ड बहुत ज़्यादा हैं। केवल पहले %{max} रिकॉर्ड चुने गए हैं।',
      unsaved_changes: 'आपके कुछ बदलाव सहेजे नहीं गए हैं। क्या आप सचमुच उन्हें छोड़ना चाहते हैं?',
      yes: 'हाँ',
      placeholder_data_warning: 'नेटवर्क की समस्या: डेटा रीफ़्रेश नहीं हो सका।',
    },
    navigation: {
      clear_filters: 'फ़िल्टर हटाएँ',
      no_filtered_results: 'लगे हुए फ़िल्टर से कोई %{name} नहीं मिला।',
      no_results: 'कोई %{name} नहीं मिला',
      no_more_results: 'पेज नंबर %{page} सीमा से बाहर है। पिछला पेज देखें।',
      page_out_of_boundaries: 'पेज नंबर %{page} सीमा से बाहर है',
      page_out_from_end: 'आख़िरी पेज के आगे नहीं जा सकते',
      page_out_from_begin: 'पेज 1 से पहले नहीं जा सकते',
      page_range_info: '%{total} में से %{offsetBegin}-%{offsetEnd}',
      partial_page_range_info: '%{offsetEnd} से ज़्यादा में से %{offsetBegin}-%{offsetEnd}',
      current_page: 'पेज %{page}',
      page: 'पेज %{page} पर जाएँ',
      first: 'पहले पेज पर जाएँ',
      last: 'आख़िरी पेज पर जाएँ',
      next: 'अगले पेज पर जाएँ',
      previous: 'पिछले पेज पर जाएँ',
      page_rows_per_page: 'हर पेज पर पंक्तियाँ:',
      skip_nav: 'सीधे मुख्य भाग पर जाएँ',
    },
    sort: {
      // Read as "नाम के अनुसार बढ़ते क्रम में"; the sort menu also shows "<field> <ASC|DESC>" on its own.
      sort_by: '%{field_lower_first} के अनुसार %{order}',
      ASC: 'बढ़ते क्रम में',
      DESC: 'घटते क्रम में',
    },
    auth: {
      auth_check_error: 'आगे बढ़ने के लिए कृपया लॉग इन करें',
      user_menu: 'प्रोफ़ाइल',
      username: 'यूज़रनेम',
      password: 'पासवर्ड',
      email: 'ईमेल',
      sign_in: 'लॉग इन करें',
      sign_in_error: 'लॉग इन नहीं हो सका, कृपया फिर से कोशिश करें',
      logout: 'लॉग आउट करें',
    },
    notification: {
      updated: 'रिकॉर्ड अपडेट किया गया |||| %{smart_count} रिकॉर्ड अपडेट किए गए',
      created: 'रिकॉर्ड जोड़ा गया',
      deleted: 'रिकॉर्ड हटाया गया |||| %{smart_count} रिकॉर्ड हटाए गए',
      bad_item: 'गलत रिकॉर्ड',
      item_doesnt_exist: 'यह रिकॉर्ड मौजूद नहीं है',
      http_error: 'सर्वर से संपर्क में त्रुटि',
      data_provider_error: 'dataProvider में त्रुटि। विवरण के लिए ब्राउज़र का कंसोल देखें।',
      i18n_error: 'चुनी गई भाषा के अनुवाद लोड नहीं हो सके',
      canceled: 'कार्रवाई रद्द की गई',
      logged_out: 'आपका लॉग इन समय समाप्त हो गया है, कृपया फिर से लॉग इन करें।',
      not_authorized: 'आपको यह देखने की अनुमति नहीं है।',
      application_update_available: 'एप्लिकेशन का नया संस्करण उपलब्ध है।',
      offline: 'इंटरनेट कनेक्शन नहीं है। डेटा नहीं मिल सका।',
    },
    validation: {
      required: 'भरना ज़रूरी है',
      minLength: 'कम से कम %{min} अक्षर होने चाहिए',
      maxLength: '%{max} या उससे कम अक्षर होने चाहिए',
      minValue: 'कम से कम %{min} होना चाहिए',
      maxValue: '%{max} या उससे कम होना चाहिए',
      number: 'संख्या होनी चाहिए',
      email: 'सही ईमेल पता होना चाहिए',
      oneOf: 'इनमें से कोई एक होना चाहिए: %{options}',
      regex: 'तय फ़ॉर्मेट (regexp) में होना चाहिए: %{pattern}',
      unique: 'यह पहले से मौजूद है, अलग होना चाहिए',
    },
    saved_queries: {
      label: 'सहेजी गई खोजें',
      query_name: 'खोज का नाम',
      new_label: 'यह खोज सहेजें...',
      new_dialog_title: 'यह खोज इस नाम से सहेजें',
      remove_label: 'सहेजी गई खोज हटाएँ',
      remove_label_with_name: 'खोज "%{name}" हटाएँ',
      remove_dialog_title: 'सहेजी गई खोज हटाएँ?',
      remove_message: 'क्या आप सचमुच इसे सहेजी गई खोजों की सूची से हटाना चाहते हैं?',
      help: 'सूची को फ़िल्टर करें और यह खोज बाद के लिए सहेजें',
    },
    guesser: {
      empty: {
        title: 'दिखाने के लिए कोई डेटा नहीं है',
        message: 'कृपया अपना डेटा प्रोवाइडर जाँचें',
      },
    },
    configurable: {
      customize: 'अपने हिसाब से बदलें',
      configureMode: 'यह पेज अपने हिसाब से बदलें',
      inspector: {
        title: 'सेटिंग',
        content: 'जिस हिस्से को बदलना है, उस पर माउस ले जाएँ',
        reset: 'सेटिंग रीसेट करें',
        hideAll: 'सभी छिपाएँ',
        showAll: 'सभी दिखाएँ',
      },
      Datagrid: {
        title: 'टेबल',
        unlabeled: 'बिना नाम का कॉलम #%{column}',
      },
      SimpleForm: {
        title: 'फ़ॉर्म',
        unlabeled: 'बिना नाम का फ़ील्ड #%{input}',
      },
      SimpleList: {
        title: 'सूची',
        primaryText: 'मुख्य पंक्ति',
        secondaryText: 'दूसरी पंक्ति',
        tertiaryText: 'तीसरी पंक्ति',
      },
    },
  },
} satisfies Translation<typeof englishMessages>;
