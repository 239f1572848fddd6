import type { Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /**
       * pdfkit takes a parsed fontkit font wherever it takes a font file (its PDFFontFactory.open); its types list
       * files only. lib/pdf-document.ts registers the fonts it parsed once for every document.
       */
      registerFont(name: string, src: Font, family: string): this;
    }
  }
}
