/**
 * A one-page PDF with a title and lines of text (Helvetica, WinAnsi), enough for the demo help files without a
 * PDF library. Characters outside Latin-1 are replaced.
 */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) =>
    text
      .replace(/[–—]/g, '-')
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[^\x20-\xff]/g, '?')
      .replace(/[\\()]/g, (c) => `\\${c}`);
  const body = [`BT /F1 18 Tf 56 780 Td (${escape(title)}) Tj ET`];
  let y = 748;
  for (const line of lines) {
    body.push(`BT /F1 11 Tf 56 ${y} Td (${escape(line)}) Tj ET`);
    y -= 16;
  }
  const stream = body.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${escape(title)}) /Producer (Client portal demo) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
