// Renders the API reference with Redoc's standalone bundle, served by this service from the redoc npm
// package (no CDN). Redoc only reads the document: it has no "Try it out" that could send a request.
(() => {
  const root = document.getElementById('reference');
  const fonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  const options = {
    expandResponses: '200,201',
    requiredPropsFirst: true,
    pathInMiddlePanel: true,
    nativeScrollbars: true,
    hideLoading: true,
    theme: {
      colors: { primary: { main: '#0b6b47' } },
      typography: {
        fontFamily: fonts,
        headings: { fontFamily: fonts, fontWeight: '600' },
        code: {
          fontFamily: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace',
        },
      },
    },
  };
  window.Redoc.init(root.dataset.spec, options, root, () => root.setAttribute('aria-busy', 'false'));
})();
