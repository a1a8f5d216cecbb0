/**
 * The first screen's data that the server wrote into the page (a JSON <script id="page-data">),
 * so that the page paints without waiting for the API. Undefined when the page has none.
 */
export function readPageData(doc: Document = document): unknown {
  const text = doc.getElementById('page-data')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
