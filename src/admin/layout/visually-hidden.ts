/**
 * Styles of text that screen readers read and the page does not show (a chart's table, the words that complete a
 * link's name). On a block (a table ignores `overflow`, so its rows stuck out of the page: the dashboard was 1664 px
 * wide in a 1400 px window), positioned within its box, which should be `position: relative`.
 */
export const visuallyHidden = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  height: 1,
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
