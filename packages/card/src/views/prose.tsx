/** A number, a date or an amount in running text: digits with their separators, signs and units. */
const NUMBER = /[-+−$€£]?\d[\d,.:/\-–]*\d?%?/g;

/**
 * Text written for people (the summary, the restatement) with every number kept on one line:
 * browsers break "2001-01-19" after a hyphen and "5,484.84" nowhere sensible at 320 px.
 */
export function Prose(props: { text: string }) {
  const { text } = props;
  const parts: Array<string | { number: string }> = [];
  let last = 0;
  for (const match of text.matchAll(NUMBER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ number: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      <span key={index} className="nowrap">
        {part.number}
      </span>
    ),
  );
}
