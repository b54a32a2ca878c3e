/**
 * The donate form's choice of payment (pages/donate.tsx): shows the explanation of the way chosen, online or bank
 * transfer, hides the other, and names the button for it: pay (online) or send a request (bank transfer). Without
 * this script both explanations show and the button says what is true of both.
 */
const form = document.querySelector<HTMLFormElement>('form[data-donate]');

if (form) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const blocks = form.querySelectorAll<HTMLElement>('[data-method]');

  const update = () => {
    const chosen = form.querySelector<HTMLInputElement>('input[name="payment_method"]:checked')?.value;
    if (chosen !== 'online' && chosen !== 'bank') return;
    for (const block of blocks) block.hidden = block.dataset.method !== chosen;
    const label = chosen === 'bank' ? button?.dataset.labelBank : button?.dataset.labelOnline;
    if (button && label) button.textContent = label;
  };

  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'payment_method') update();
  });
  update();
}
