import 'reflect-metadata';
import { startService } from './server';

startService().catch(() => {
  // startService has already printed the reason on one line.
  process.exit(1);
});
