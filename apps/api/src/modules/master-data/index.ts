export { masterDataModule } from './routes.ts';
export { university } from './affiliation-letter-pdf.ts';
