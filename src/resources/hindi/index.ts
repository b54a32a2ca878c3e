/**
 * The Hindi words of every declared resource, beside the declarations: src/resources/<file>.ts declares resources,
 * ./<file>.ts gives their Hindi, and ./registry.ts names each file once, as src/resources/registry.ts names the
 * declarations. The admin's catalogue (src/admin/i18n/hindi.ts) and what the server writes for people in Hindi
 * (resources/resource-words.ts) read the same words. src/admin/i18n/hi/resources.test.ts fails, naming the file and
 * the key to add, when a resource's word is missing.
 *
 * Each resource's words have the keys `resourceMessages(resource)` (src/admin/generator/messages.ts) gives in English,
 * written as Hindi sentences so that gender and number agree ("देश जोड़ा गया।", "सूचना जोड़ी गई।"). A group of keys
 * that holds no English words (an empty `choices`) needs no Hindi.
 *
 * Terms kept the same across resources (and with the public site and the printed receipt where they overlap):
 * जोड़ें / संपादित करें / हटाएँ / खोजें / सहेजें / अपडेट करें; स्थिति, सक्रिय, निष्क्रिय, लंबित; विवरण; भूमिका, अनुमतियाँ,
 * विभाग, पद; दानदाता, राशि (₹), भुगतान का तरीका, बैंक ट्रांसफ़र, संदर्भ संख्या, लेन-देन संख्या, रसीद संख्या,
 * प्राप्ति का माध्यम (the receipt's word); ईमेल, मोबाइल, फ़ोन, फ़ोटो, PAN, UPI, IFSC as staff say them. The website's
 * content keeps the public site's own Hindi names where staff see both (समाचार, कार्यक्रम, ब्लॉग, चित्र, वीडियो, हमारे
 * मार्गदर्शक, दैनिक दिनचर्या).
 */
import * as registry from './registry.ts';
import type { ResourcesHindi } from './words.ts';

export type { ResourcesHindi, Words } from './words.ts';

/** Every resource's Hindi words, by resource name. */
export const resourcesHindi: ResourcesHindi = Object.assign({}, ...(Object.values(registry) as ResourcesHindi[]));

/** The parts of a resource's Hindi words that the server reads. */
export interface ResourceHindi {
  name?: string;
  fields?: Record<string, string>;
  choices?: Record<string, Record<string, string>>;
}

export function hindiOfResource(name: string): ResourceHindi | undefined {
  return resourcesHindi[name] as ResourceHindi | undefined;
}
