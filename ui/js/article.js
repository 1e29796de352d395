// How the app names and previews an article, the same in every step.

export const ABSTRACT_PREVIEW = 320;

/** The title, or the same stand-in for an untitled article as the landing pages' (org.fairrag.fdo.ArticleName). */
export function articleName(article) {
  return (article.title && article.title.trim())
    || (article.pmid ? `Untitled article (PMID ${article.pmid})` : 'Untitled article');
}

/** The start of an abstract, cut at a word boundary when it is longer than `max` characters. */
export function abstractPreview(text, max = ABSTRACT_PREVIEW) {
  return text && text.length > max ? text.slice(0, max).replace(/\s+\S*$/, '') + ' …' : text;
}
