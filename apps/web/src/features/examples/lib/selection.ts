/** A passage of a context text: its characters from `start` (inclusive) to `end` (exclusive). */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/**
 * The span of `element`'s text the user selected, trimmed of surrounding white space, or null
 * when nothing is selected or the selection leaves the element.
 */
export function selectedSpan(element: HTMLElement, fullText: string): Span | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!element.contains(range.startContainer) || !element.contains(range.endContainer)) {
    return null;
  }
  // Offsets are counted over the element's whole text, which may be split by a highlight.
  const before = document.createRange();
  before.selectNodeContents(element);
  before.setEnd(range.startContainer, range.startOffset);
  let start = before.toString().length;
  let end = start + range.toString().length;
  while (start < end && /\s/.test(fullText.charAt(start))) start += 1;
  while (end > start && /\s/.test(fullText.charAt(end - 1))) end -= 1;
  if (start >= end) return null;
  return { start, end, text: fullText.slice(start, end) };
}

/** Where `text` first occurs in `fullText`, as a span (to highlight a stored answer). */
export function findSpan(fullText: string, text: string): Span | null {
  if (!text) return null;
  const start = fullText.indexOf(text);
  return start < 0 ? null : { start, end: start + text.length, text };
}
