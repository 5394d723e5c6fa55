export { masterDataModule } from './routes.ts';
export { university, universityLogo } from './affiliation-letter-pdf.ts';
