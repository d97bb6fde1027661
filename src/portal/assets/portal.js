// Progressive enhancement only: every page works without this script. It adds copy buttons (hidden
// until the script runs, so no dead buttons appear without JavaScript) and selects a new key on focus.
(() => {
  const status = document.querySelector('[data-copy-status]');

  function textOf(target) {
    return 'value' in target && typeof target.value === 'string' ? target.value : target.textContent.trim();
  }

  async function copy(text, target) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Clipboard API refused (insecure origin or permissions): fall back to a selection copy.
      const range = document.createRange();
      if (typeof target.select === 'function') target.select();
      else {
        range.selectNodeContents(target);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }
      return document.execCommand('copy');
    }
  }

  for (const button of document.querySelectorAll('[data-copy-target]')) {
    const target = document.getElementById(button.dataset.copyTarget);
    if (!target) continue;
    const label = button.textContent;
    button.hidden = false;
    button.addEventListener('click', async () => {
      const ok = await copy(textOf(target), target);
      button.textContent = ok ? 'Copied' : label;
      if (status)
        status.textContent = ok ? 'Copied to the clipboard.' : 'Could not copy: select the text and copy it.';
      setTimeout(() => {
        button.textContent = label;
      }, 2000);
    });
  }

  for (const input of document.querySelectorAll('[data-select-on-focus]')) {
    input.addEventListener('focus', () => input.select());
  }
})();
