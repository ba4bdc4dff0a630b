/**
 * The stock screens' calls: the parts list, a part, the form's reference, the changes, photo
 * uploads (multipart, sent with the staff CSRF token) and the CSV import.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminStockCreate,
  adminStockImport,
  adminStockList,
  adminStockPart,
  adminStockPhotoRemove,
  adminStockPhotosAdd,
  adminStockPhotosOrder,
  adminStockReference,
  adminStockStatus,
  adminStockUpdate,
  type PartBody,
  type StockPart,
} from '../../../contract/admin-stock';
import { adminApi, adminUpload } from '../../api';

export interface StockListQuery {
  q?: string | undefined;
  status?: 'available' | 'reserved' | 'sold' | 'coming_soon' | undefined;
  part_type_id?: number | undefined;
  make_id?: number | undefined;
  page?: number | undefined;
}

export const stockListQuery = (query: StockListQuery) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'list', query],
    queryFn: ({ signal }) => adminApi(adminStockList, { query, signal }),
  });

export const stockReferenceQuery = () =>
  queryOptions({
    queryKey: ['admin', 'stock', 'reference'],
    queryFn: ({ signal }) => adminApi(adminStockReference, { signal }),
    staleTime: 10 * 60_000,
  });

export const stockPartQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'stock', 'part', id],
    queryFn: ({ signal }) => adminApi(adminStockPart, { params: { id }, signal }),
  });

/** After a change: the part's own answer in the cache, the lists asked again. */
function useStoreAnswer() {
  const queryClient = useQueryClient();
  return (part: StockPart) => {
    queryClient.setQueryData(stockPartQuery(part.id).queryKey, { success: true as const, part });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'stock', 'list'] });
  };
}

export function useCreatePart() {
  const store = useStoreAnswer();
  return useMutation({ mutationFn: (body: PartBody) => adminApi(adminStockCreate, { body }), onSuccess: (answer) => store(answer.part) });
}

export function useUpdatePart(id: number) {
  const store = useStoreAnswer();
  return useMutation({ mutationFn: (body: PartBody) => adminApi(adminStockUpdate, { params: { id }, body }), onSuccess: (answer) => store(answer.part) });
}

export function usePartStatus(id: number) {
  const store = useStoreAnswer();
  return useMutation({
    mutationFn: (action: 'sold' | 'withdrawn' | 'for_sale') => adminApi(adminStockStatus, { params: { id }, body: { action } }),
    onSuccess: (answer) => store(answer.part),
  });
}

export function useOrderPhotos(id: number) {
  const store = useStoreAnswer();
  return useMutation({ mutationFn: (ids: number[]) => adminApi(adminStockPhotosOrder, { params: { id }, body: { ids } }), onSuccess: (answer) => store(answer.part) });
}

export function useRemovePhoto(id: number) {
  const store = useStoreAnswer();
  return useMutation({ mutationFn: (photoId: number) => adminApi(adminStockPhotoRemove, { params: { id, photoId } }), onSuccess: (answer) => store(answer.part) });
}

/** A part's new photos, in the order chosen. */
async function sendPhotos(id: number, files: readonly File[]) {
  const body = new FormData();
  for (const file of files) body.append('photos', file, file.name);
  return adminUpload(adminStockPhotosAdd, { id }, body);
}

export function useAddPhotos() {
  const store = useStoreAnswer();
  return useMutation({ mutationFn: ({ id, files }: { id: number; files: readonly File[] }) => sendPhotos(id, files), onSuccess: (answer) => store(answer.part) });
}

export function useImportParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; import_good_rows?: boolean }) => adminApi(adminStockImport, { body }),
    onSuccess: (answer) => {
      if (answer.report.imported > 0) void queryClient.invalidateQueries({ queryKey: ['admin', 'stock', 'list'] });
    },
  });
}
