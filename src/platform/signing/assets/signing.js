// Progressive enhancement only: without this script the page signs with the typed name alone. It shows
// the drawing pad (signature_pad), keeps the drawing as a PNG data URL in the hidden field, and stops
// a second tap on Sign from sending the form twice.
(() => {
  const form = document.querySelector('[data-signing-form]');
  if (!form) return;
  const button = form.querySelector('[data-sign-button]');
  let sending = false;
  form.addEventListener('submit', (event) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    sending = true;
    button.disabled = true;
    button.textContent = 'Signing…';
  });
  // Back from another page (bfcache): the form is usable again.
  window.addEventListener('pageshow', () => {
    sending = false;
    button.disabled = false;
    button.textContent = 'Sign';
  });

  const section = form.querySelector('[data-signature]');
  const canvas = form.querySelector('#signature-pad');
  const field = form.querySelector('#drawing');
  if (!section || !canvas || !field || typeof window.SignaturePad !== 'function') return;
  section.hidden = false;

  const pad = new window.SignaturePad(canvas, { penColor: '#17202b', minWidth: 0.8, maxWidth: 2.6 });
  let width = 0;
  let ratio = 1;

  // The canvas's pixels match its size on screen (at most 2 per CSS pixel, to keep the PNG small);
  // resizing clears a canvas, so the strokes, or the drawing sent back with the form, are redrawn.
  function fitCanvas() {
    if (canvas.offsetWidth === width) return;
    const strokes = pad.toData();
    width = canvas.offsetWidth;
    ratio = Math.min(window.devicePixelRatio || 1, 2);
    canvas.width = width * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d').scale(ratio, ratio);
    pad.clear();
    if (strokes.length > 0) pad.fromData(strokes);
    else if (field.value) pad.fromDataURL(field.value, { ratio });
  }

  // A drawing too large to keep is sent all the same, so the page says so beside the pad.
  function keep() {
    field.value = pad.isEmpty() ? '' : pad.toDataURL('image/png');
  }

  fitCanvas();
  window.addEventListener('resize', fitCanvas);
  pad.addEventListener('endStroke', keep);
  form.querySelector('[data-signature-clear]').addEventListener('click', () => {
    pad.clear();
    field.value = '';
  });
})();
