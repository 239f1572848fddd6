import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The portal's PDFs (invoices, timesheets): A4, Noto Sans embedded (pdfkit's built-in Helvetica is Latin-1 only,
 * which garbles 'Kōwhai' and 'Māori'), tagged for assistive technology (PDF/UA: a structure tree of headings,
 * paragraphs and tables, the language and a displayed title; decoration marked as artifacts).
 *
 * The font files are found through the font package itself, so the same code finds them from the TypeScript sources
 * (tests, dev) and from the bundled dist/ (the package stays in node_modules, esbuild leaves it external).
 */

const requireHere = createRequire(import.meta.url);

/** The font files, found through the font package. */
const FONT_FILES = {
  regular: requireHere.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: requireHere.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
} as const;

/**
 * The fonts, by the names every document registers them under (their PostScript names, which is also how pdfkit's
 * per-document cache knows them).
 */
export const FONT = { regular: 'NotoSans-Regular', bold: 'NotoSans-Bold' } as const;

/**
 * Each font file is read and parsed once per process and shared by every document: fontkit parses a font's tables
 * (character map, glyph outlines, OpenType layout) lazily and keeps them, so only the first document pays for them.
 * Parsed again for every document, the fonts took about a quarter of a PDF's time. A document keeps its own subset of
 * the glyphs it used (pdfkit's EmbeddedFont), so sharing the parsed font shares nothing between documents' contents.
 */
let parsedFonts: Record<keyof typeof FONT, Font> | undefined;
function sharedFonts(): Record<keyof typeof FONT, Font> {
  const parse = (path: string) => create(readFileSync(path)) as Font;
  parsedFonts ??= { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
  return parsedFonts;
}

export const COLOURS = { text: '#1a1a1a', muted: '#555555', rule: '#c8cdd2', band: '#eef3f6', brand: '#00acef', stamp: '#c62828' } as const;

export interface TaggedPdf {
  doc: PDFKit.PDFDocument;
  /** The structure tree's root element ('Document'); headings, paragraphs and tables hang below it. */
  root: PDFKit.PDFStructureElement;
  /** Ends the structure and the document; resolves to the file. */
  end(): Promise<Buffer>;
}

export interface PdfOptions {
  title: string;
  /** Printed with the page number at the foot of every page, e.g. the invoice's number. */
  running?: string | undefined;
  /** BCP 47 language of the text, e.g. 'en-AU'. */
  lang: string;
  author?: string | undefined;
  subject?: string | undefined;
  /** The document's own date (metadata): the same content makes the same file. */
  createdAt: Date;
  margin?: number;
}

export function taggedPdf(options: PdfOptions): TaggedPdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin ?? 48,
    pdfVersion: '1.7',
    tagged: true,
    lang: options.lang,
    displayTitle: true,
    // The types list only the PDF/A subsets; pdfkit also knows PDF/UA (its identification in the metadata).
    subset: 'PDF/UA' as 'PDF/A-1',
    // No font until the shared ones are registered below (an empty name loads none, not even Helvetica).
    font: '',
    // Kept until the end, so every page can be numbered ('Page 1 of 2') once the count is known.
    bufferPages: true,
    // pdfkit needs a value for every key it is given.
    info: {
      Title: options.title,
      ...(options.author ? { Author: options.author } : {}),
      ...(options.subject ? { Subject: options.subject } : {}),
      CreationDate: options.createdAt,
      ModDate: options.createdAt,
    },
  });
  const fonts = sharedFonts();
  // The name again as the family: pdfkit puts the font back after each table cell by its source and family, and with
  // a parsed font as the source it finds the document's copy by the family (else it compares fonts every cell).
  doc.registerFont(FONT.regular, fonts.regular, FONT.regular).registerFont(FONT.bold, fonts.bold, FONT.bold);
  doc.font(FONT.regular).fillColor(COLOURS.text);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  return {
    doc,
    root,
    end() {
      root.end();
      numberPages(doc, options.running);
      doc.end();
      return done;
    },
  };
}

/** 'INV-000312 · Page 1 of 2' at the foot of every page, as pagination artifacts. */
function numberPages(doc: PDFKit.PDFDocument, running: string | undefined): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const text = `${running ? `${running} · ` : ''}Page ${i - start + 1} of ${count}`;
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOURS.muted);
    const x = doc.page.width - doc.page.margins.right - doc.widthOfString(text);
    doc.markContent('Artifact', { type: 'Pagination' });
    // No width: the text is placed, never wrapped, so writing below the bottom margin adds no page.
    doc.text(text, x, doc.page.height - doc.page.margins.bottom + 14, { lineBreak: false });
    doc.endMarkedContent();
  }
}

/** Content drawn by `draw` as one structure element of `type` ('H1', 'P', …) under `parent`. */
export function tagged(pdf: TaggedPdf, type: string, draw: () => void, parent: PDFKit.PDFStructureElement = pdf.root): void {
  parent.add(pdf.doc.struct(type, {}, draw));
}

/** Decoration (rules, the logo beside the provider's name, bands): marked as an artifact, skipped by screen readers. */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** A horizontal rule across `width` at `y`. */
export function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number, colour: string = COLOURS.rule): void {
  artifact(doc, () => {
    doc
      .save()
      .lineWidth(0.75)
      .strokeColor(colour)
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke()
      .restore();
  });
}

/**
 * The provider's mark (the portal's logo: a rounded square with an open C), `size` points wide at (x, y), as an
 * artifact: the provider's name is always written beside it.
 */
export function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  artifact(doc, () => {
    const scale = size / 40;
    doc.save().translate(x, y).scale(scale);
    doc.roundedRect(0, 0, 40, 40, 11).fill(COLOURS.brand);
    doc.path('M27.2 13.4a9.6 9.6 0 1 0 0 13.2').lineWidth(4.2).lineCap('round').stroke('#ffffff');
    doc.restore();
  });
}

/** A table cell; a header cell names its scope (pdfkit reads it, its types omit it). */
export type PdfCell = PDFKit.Mixins.CellOptions & { scope?: 'Row' | 'Column' | 'Both' };

/** A table under `parent` in the structure tree (Table, TR, TH, TD): pdfkit tags it when given its parent. */
export function taggedTable(
  pdf: TaggedPdf,
  options: Omit<PDFKit.Mixins.TableOptionsWithData, 'data'> & { data: PdfCell[][] },
  parent: PDFKit.PDFStructureElement = pdf.root,
): void {
  pdf.doc.table({ ...options, structParent: parent } as PDFKit.Mixins.TableOptionsWithData);
}

/** Label and value pairs as a borderless two-column table (row headers), for facts such as dates and numbers. */
export function factsTable(
  pdf: TaggedPdf,
  rows: ReadonlyArray<readonly [string, string]>,
  at: { x: number; y: number; labelWidth: number; valueWidth: number; fontSize?: number },
  parent: PDFKit.PDFStructureElement = pdf.root,
): void {
  const size = at.fontSize ?? 10;
  taggedTable(
    pdf,
    {
      position: { x: at.x, y: at.y },
      maxWidth: at.labelWidth + at.valueWidth,
      columnStyles: [{ width: at.labelWidth }, { width: at.valueWidth }],
      defaultStyle: { border: 0, padding: [1.5, 6, 1.5, 0] },
      data: rows.map(([label, value]) => [
        { text: label, type: 'TH', scope: 'Row', font: { src: FONT.bold, size }, textColor: COLOURS.muted },
        { text: value, font: { src: FONT.regular, size }, textColor: COLOURS.text },
      ]),
    },
    parent,
  );
}
