export { masterDataModule } from './routes.ts';
