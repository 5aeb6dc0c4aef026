// pdf.js's parser as a module worker of our own build: importing it starts its message handler on
// this worker's port. A PDF is parsed here, off the page's thread.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
