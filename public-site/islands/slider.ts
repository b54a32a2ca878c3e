/**
 * The home page's hero slider (pages/home.tsx). The page's slides scroll sideways without this script; with it they
 * are stacked in the same box and fade from one to the next every 5 seconds. The slider stands still while the
 * reader's pointer is over it, while focus is inside it, while the tab is hidden, after the pause button, and from
 * the start when the reader asks for reduced motion (the play button starts it). Previous and next buttons, the
 * numbered links and the arrow keys move it by hand; the new slide is then announced.
 */
const INTERVAL_MS = 5000;

function slider(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-slider-track]');
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  if (!track || slides.length < 2) return;
  const dots = [...root.querySelectorAll<HTMLAnchorElement>('[data-slider-dot]')];
  const pause = root.querySelector<HTMLButtonElement>('[data-slider="pause"]');
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  let current = 0;
  let timer: number | undefined;
  let stopped = reducedMotion.matches;
  let pointerInside = false;
  let focusInside = false;

  function show(index: number, byHand: boolean): void {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      slide.classList.toggle('is-current', i === current);
      slide.inert = i !== current;
    });
    dots.forEach((dot, i) => {
      if (i === current) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    // Announced when the reader moved it; a slider that moves by itself would talk over everything else.
    track!.setAttribute('aria-live', byHand ? 'polite' : 'off');
  }

  function schedule(): void {
    window.clearTimeout(timer);
    timer = undefined;
    if (stopped || pointerInside || focusInside || document.hidden) return;
    timer = window.setTimeout(() => {
      show(current + 1, false);
      schedule();
    }, INTERVAL_MS);
  }

  function renderPause(): void {
    if (!pause) return;
    const label = pause.querySelector('[data-slider-label]');
    if (label) label.textContent = (stopped ? root.dataset.play : root.dataset.pause) ?? '';
    pause.dataset.state = stopped ? 'stopped' : 'playing';
  }

  function move(step: number): void {
    show(current + step, true);
    schedule();
  }

  // From here on the slides are stacked (styles.css, .hero.is-live): same box, same height, nothing moves.
  track.scrollLeft = 0;
  track.removeAttribute('tabindex');
  root.classList.add('is-live');
  show(0, false);
  renderPause();
  // The fade only from the next frames on: the slides that leave view now must not fade out where the reader sees them.
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.add('is-fading')));

  root.querySelector('[data-slider="previous"]')?.addEventListener('click', () => move(-1));
  root.querySelector('[data-slider="next"]')?.addEventListener('click', () => move(1));
  pause?.addEventListener('click', () => {
    stopped = !stopped;
    renderPause();
    schedule();
  });
  dots.forEach((dot, i) =>
    dot.addEventListener('click', (event) => {
      event.preventDefault();
      show(i, true);
      schedule();
    }),
  );
  // The arrow keys on the buttons and numbered links (a slide's own link would vanish with its slide).
  root.querySelector('.hero-controls')?.addEventListener('keydown', (event) => {
    if (!(event instanceof KeyboardEvent)) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move(event.key === 'ArrowLeft' ? -1 : 1);
    }
  });
  root.addEventListener('pointerenter', () => {
    pointerInside = true;
    schedule();
  });
  root.addEventListener('pointerleave', () => {
    pointerInside = false;
    schedule();
  });
  root.addEventListener('focusin', () => {
    focusInside = true;
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    focusInside = event.relatedTarget instanceof Node && root.contains(event.relatedTarget);
    schedule();
  });
  document.addEventListener('visibilitychange', schedule);
  reducedMotion.addEventListener('change', () => {
    stopped = reducedMotion.matches;
    renderPause();
    schedule();
  });
  schedule();
}

document.querySelectorAll<HTMLElement>('[data-slider]').forEach(slider);
