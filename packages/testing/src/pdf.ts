/**
 * A minimal one-page PDF with one line of text (Helvetica), what a stand-in's document is to a test: a label,
 * an invoice. Valid enough for a viewer (catalogue, page tree, page, content stream, font, cross-reference
 * table); the text's `(`, `)` and `\` are escaped, and it is written as Latin-1.
 */
export function onePagePdf({
  text,
  fontSize = 14,
  at = [40, 760],
  size = [595, 842],
}: {
  text: string;
  fontSize?: number;
  /** Where the line starts, points from the bottom left. */
  at?: [number, number];
  /** The page's width and height, points (A4 unless given). */
  size?: [number, number];
}): Buffer {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const body = `BT /F1 ${fontSize} Tf ${at[0]} ${at[1]} Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) pdf += `${String(at).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
