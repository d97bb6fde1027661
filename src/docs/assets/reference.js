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
    // The download button offers the document as served, not the copy the page adjusted below.
    downloadDefinitionUrl: root.dataset.spec,
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

  // The code samples call the service's default address; on this page they call the address the page
  // was opened at, so a sample copied from a deployed service's reference runs against that service.
  function samplesHere(spec) {
    const base = root.dataset.sampleBase;
    if (!base || base === window.location.origin) return spec;
    for (const operations of Object.values(spec.paths || {})) {
      for (const operation of Object.values(operations)) {
        for (const sample of operation['x-codeSamples'] || []) {
          sample.source = sample.source.split(`${base}/`).join(`${window.location.origin}/`);
        }
      }
    }
    return spec;
  }

  function failed() {
    root.replaceChildren();
    const message = document.createElement('p');
    message.className = 'docs-loading';
    message.textContent =
      'The API reference could not be loaded. Reload the page, or read the OpenAPI document at /openapi.json.';
    root.append(message);
    root.setAttribute('aria-busy', 'false');
  }

  fetch(root.dataset.spec, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((spec) =>
      window.Redoc.init(samplesHere(spec), options, root, () => root.setAttribute('aria-busy', 'false')),
    )
    .catch(failed);
})();
