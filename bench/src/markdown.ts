/** A row of a Markdown table from its cells (a cell's own `|` would end it: written as `/`). */
export const tableRow = (cells: ReadonlyArray<string | number>) =>
  `| ${cells.map((cell) => String(cell).replace(/\|/g, '/')).join(' | ')} |`;
