import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { PaymentProviders } from '../payments/provider';
import { buildMaster } from './service';

export const masterRoutes = (paymentProviders: PaymentProviders) =>
  new Hono<AppEnv>().get('/master', async (c) => c.json({ message: '', data: await buildMaster(c.var.db, c.var.config, paymentProviders, c.var.locale) }));
