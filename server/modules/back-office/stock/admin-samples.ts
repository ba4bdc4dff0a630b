/** A valid request of each stock call, for the permission matrix test (each try makes its own part). */
import { IMPORT_COLUMNS } from '../../../../src/domain/stock-import';
import type { AdminSample } from '../../../test/staff';
import { addDrawnPhoto, addTestPart, ensureStockReference, multipart, newTag, partBody, testPhoto } from '../../../test/stock';

export const STOCK_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/stock/reference.json': async () => ({ url: '/web-api/admin/stock/reference.json' }),
  'GET /admin/stock/list.json': async () => ({ url: '/web-api/admin/stock/list.json?q=T&status=available&page=1' }),
  'GET /admin/stock/:id': async (db) => ({ url: `/web-api/admin/stock/${await addTestPart(db)}` }),
  'POST /admin/stock/create': async (db) => ({ url: '/web-api/admin/stock/create', payload: partBody((await ensureStockReference(db)).alternatorId) }),
  'POST /admin/stock/:id/update': async (db) => {
    const id = await addTestPart(db);
    return { url: `/web-api/admin/stock/${id}/update`, payload: partBody((await ensureStockReference(db)).alternatorId, { price: '99.50' }) };
  },
  'POST /admin/stock/:id/status': async (db) => ({ url: `/web-api/admin/stock/${await addTestPart(db)}/status`, payload: { action: 'sold' } }),
  'POST /admin/stock/:id/photos': async (db) => {
    const { payload, headers } = multipart([{ name: 'front.jpg', data: await testPhoto('jpeg'), type: 'image/jpeg' }]);
    return { url: `/web-api/admin/stock/${await addTestPart(db)}/photos`, payload, headers };
  },
  'POST /admin/stock/:id/photos/order': async (db) => {
    const id = await addTestPart(db);
    const first = await addDrawnPhoto(db, id);
    const second = await addDrawnPhoto(db, id);
    return { url: `/web-api/admin/stock/${id}/photos/order`, payload: { ids: [second, first] } };
  },
  'POST /admin/stock/:id/photos/:photoId/remove': async (db) => {
    const id = await addTestPart(db);
    return { url: `/web-api/admin/stock/${id}/photos/${await addDrawnPhoto(db, id)}/remove` };
  },
  'POST /admin/stock/import': async (db) => {
    await ensureStockReference(db);
    const row = [newTag('I'), 'STK-1', 'Alternator', 'Volkswagen', 'Golf Mk7', '2016', '', '04E903015', 'B', '40', '', 'Works.', 'available', '', ''];
    return { url: '/web-api/admin/stock/import', payload: { csv: `${IMPORT_COLUMNS.join(',')}\n${row.join(',')}\n` } };
  },
};
