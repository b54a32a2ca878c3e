/**
 * The album's lightbox: a picture's link (`a.photo`, whose address is the large picture) opens it large in the
 * page's `<dialog id="lightbox">`, with previous, next and close. By keyboard: Enter or Space on a picture opens
 * it, the arrow keys move, Escape closes, Tab stays inside; closing gives the focus back to the picture that
 * opened it. Without this script each link simply opens the large picture.
 */
const dialog = document.getElementById('lightbox');
const links = [...document.querySelectorAll<HTMLAnchorElement>('a.photo')];

if (dialog instanceof HTMLDialogElement && links.length > 0) {
  const image = document.createElement('img');
  image.className = 'lightbox-image';
  dialog.querySelector('.lightbox-stage')!.append(image);
  const caption = dialog.querySelector<HTMLElement>('.lightbox-caption')!;
  const button = (name: string) => dialog.querySelector<HTMLButtonElement>(`[data-lightbox="${name}"]`)!;
  const counter = dialog.dataset.counter ?? '{n} / {total}';
  let current = 0;
  let opener: HTMLAnchorElement | undefined;

  const show = (index: number) => {
    current = (index + links.length) % links.length;
    const link = links[current]!;
    const thumbnail = link.querySelector('img');
    image.src = link.href;
    image.alt = thumbnail?.alt ?? '';
    const count = counter.replace('{n}', String(current + 1)).replace('{total}', String(links.length));
    const text = link.dataset.photo ?? '';
    caption.textContent = text ? `${count} — ${text}` : count;
    // The next picture is fetched while this one is looked at.
    if (links.length > 1) new Image().src = links[(current + 1) % links.length]!.href;
  };

  const open = (link: HTMLAnchorElement) => {
    opener = link;
    show(links.indexOf(link));
    dialog.showModal();
    button('close').focus();
  };

  const close = () => {
    if (dialog.open) dialog.close();
  };

  dialog.addEventListener('close', () => {
    image.removeAttribute('src');
    opener?.focus();
    opener = undefined;
  });

  for (const link of links) {
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open(link);
    });
    link.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      open(link);
    });
  }

  button('previous').addEventListener('click', () => show(current - 1));
  button('next').addEventListener('click', () => show(current + 1));
  button('close').addEventListener('click', close);

  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') show(current - 1);
    else if (event.key === 'ArrowRight') show(current + 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') {
      // Focus goes round the dialog's buttons and never leaves it.
      const focusable = [...dialog.querySelectorAll<HTMLElement>('button')];
      const at = focusable.indexOf(document.activeElement as HTMLElement);
      const next = (at + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length;
      focusable[at === -1 ? 0 : next]!.focus();
    } else return;
    event.preventDefault();
  });

  // A click on the dark space around the picture closes it, as on most sites.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || (event.target as HTMLElement).classList.contains('lightbox-stage')) close();
  });
}
