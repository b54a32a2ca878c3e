/**
 * Click to load: a YouTube or Vimeo video waits behind the album's own thumbnail and a play link
 * (`a.video-play[data-embed]`), so the page asks nothing of those sites before the reader does. A click (or Enter)
 * puts the site's cookie-less player in the preview's place, playing, and gives it the focus. Without this script
 * the link opens the video on its site.
 */
document.addEventListener('click', (event) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.video-play[data-embed]');
  const frame = link?.parentElement;
  if (!link || !frame || !/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(link.dataset.embed!)) {
    return;
  }
  event.preventDefault();
  const player = document.createElement('iframe');
  player.src = link.dataset.embed!;
  player.title = link.dataset.title ?? '';
  player.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
  player.allowFullscreen = true;
  // The players want to know the page that embeds them; the site's own policy sends no address elsewhere.
  player.referrerPolicy = 'strict-origin-when-cross-origin';
  player.className = 'video-player';
  frame.replaceChildren(player);
  frame.classList.add('playing');
  player.focus();
});
