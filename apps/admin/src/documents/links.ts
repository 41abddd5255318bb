import { generatePath } from 'react-router';
import { paths } from '../paths.ts';

/** Where the admin API answers, as the browser sees it: the panel's file links are `{base}/{path}`. */
export const API_BASE = '/api/admin';

export const apiLink = (path: string) => `${API_BASE}/${path}`;

/** The panel's print page of an order's packing slip (no prices), relative to /admin. */
export const packingSlipPath = (orderNo: string) => generatePath(paths.packingSlip, { number: orderNo });

export const invoiceLink = (orderNo: string) => apiLink(`orders/${encodeURIComponent(orderNo)}/invoice.pdf`);
