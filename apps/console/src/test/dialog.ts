// jsdom has <dialog> but neither showModal nor close, nor Escape's cancel: these open and close it as the
// platform does (the `open` attribute, a cancel event on Escape, a close event), without making the page
// behind inert, which jsdom cannot do. Imported by the tests of pages with a dialog (shared/ui/dialog.tsx).
const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement> & HTMLElement;
if (typeof dialog.showModal !== 'function') {
  dialog.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const open = document.querySelector<HTMLDialogElement>('dialog[open]');
    if (event.key !== 'Escape' || !open) return;
    if (open.dispatchEvent(new Event('cancel', { cancelable: true }))) open.close();
  });
}
