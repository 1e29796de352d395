// Step 5, export: the chosen articles as a CSV, BibTeX or RIS file the server writes.
import {$, $$, Status, download} from './dom.js';
import {postForFile} from './api.js';
import {chosenArticles} from './store.js';

export function createExportStep(store, requests) {
  const status = new Status($('#export-status'), $('#export-error'), null);

  async function exportAs(format, button) {
    const articles = chosenArticles(store.state);
    const signal = requests.start('export');
    status.busy(`Preparing ${button.textContent} for ${articles.length} articles…`);
    try {
      const {blob, filename} = await postForFile(`/api/export?format=${format}`,
        {articles: articles.map((a) => a.pid)}, signal);
      download(blob, filename);
      status.done(`Saved ${filename}.`);
    } catch (e) {
      status.fail(e, 'The export failed:');
    }
  }

  $$('[data-format]').forEach((b) => b.addEventListener('click', () => exportAs(b.dataset.format, b)));

  return {reset: () => status.clear()};
}
