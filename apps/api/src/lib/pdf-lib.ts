/**
 * pdf-lib, loaded the first time a PDF is drawn (invoice, packing slip, credit note): most
 * processes never draw one, and loading it costs about 3 MB of heap and 20 MB of RSS.
 */
let pdfLib: Promise<typeof import('pdf-lib')> | undefined;

export const loadPdfLib = (): Promise<typeof import('pdf-lib')> => (pdfLib ??= import('pdf-lib'));
