import { describe, expect, it } from 'vitest';
import { ERROR_DETAILS, ERROR_MESSAGES } from '@gerai/contract';
import { ApiError } from '@/shared/api/api-error';
import { placeSendRefusal } from './refusals';

const line = (productId: string, name: string) => ({ productId, name, barcode: '', imageUrl: null, unit: 'pcs', max: 5, qty: 2 });
const INDOMIE = line('20001', 'Indomie Goreng 85g');
const AQUA = line('20002', 'Aqua 600ml');

describe('where a refused send is said', () => {
  it('a line refusal goes on the product the server names, even when the lines moved since it was sent', () => {
    // Sent as [Indomie, Aqua]; while the answer was on its way the crew removed Indomie and scanned it again (now last).
    const sent = { lines: [{ productId: '20001', qty: 2 }, { productId: '20002', qty: 3 }] };
    const error = new ApiError({
      status: 409,
      code: 'TRANSFER_STOCK_SHORT',
      message: ERROR_MESSAGES.TRANSFER_STOCK_SHORT,
      details: [{ path: 'body.lines.0.qty', message: ERROR_DETAILS.transferStockShort('Indomie Goreng 85g', 1, 2), productId: '20001' }],
    });
    const placed = placeSendRefusal(error, sent, [AQUA.productId, INDOMIE.productId]);
    expect(placed.lines).toEqual({ '20001': 'Stok Indomie Goreng 85g tinggal 1, tidak cukup untuk mengirim 2.' });
    expect(placed.form).toBe('Periksa produk yang ditandai.');
  });

  it('by its product, never by its words: a detail whose text names another product stays on its own line', () => {
    const sent = { lines: [{ productId: '20001', qty: 2 }, { productId: '20002', qty: 2 }] };
    const error = new ApiError({ status: 422, code: 'TRANSFER_PRODUCT_UNKNOWN', message: ERROR_MESSAGES.TRANSFER_PRODUCT_UNKNOWN, details: [{ path: 'body.lines.0.productId', message: 'Indomie Goreng 85g / Aqua 600ml', productId: '20001' }] });
    expect(placeSendRefusal(error, sent, [INDOMIE.productId, AQUA.productId]).lines).toEqual({ '20001': 'Indomie Goreng 85g / Aqua 600ml' });
  });

  it('a field check names the line of the body sent: placed on that line’s product', () => {
    const sent = { lines: [{ productId: '20002', qty: 0 }] };
    const error = new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED, details: [{ path: 'body.lines.0.qty', message: 'Jumlah kirim minimal 1' }] });
    expect(placeSendRefusal(error, sent, [INDOMIE.productId, AQUA.productId]).lines).toEqual({ '20002': 'Jumlah kirim minimal 1' });
  });

  it('a refusal naming no line is said above the form, whatever product its text mentions', () => {
    const sent = { lines: [{ productId: '20001', qty: 2 }] };
    const error = new ApiError({ status: 409, code: 'TRANSFER_STOCK_SHORT', message: 'Stok Indomie Goreng 85g tidak cukup' });
    const placed = placeSendRefusal(error, sent, [INDOMIE.productId]);
    expect(placed.lines).toEqual({});
    expect(placed.form).toBe('Stok Indomie Goreng 85g tidak cukup');
  });

  it('the receiver’s refusals on the store', () => {
    const error = new ApiError({ status: 422, code: 'TRANSFER_SAME_STORE', message: ERROR_MESSAGES.TRANSFER_SAME_STORE, details: [{ path: 'body.receiverStoreCode', message: ERROR_MESSAGES.TRANSFER_SAME_STORE }] });
    expect(placeSendRefusal(error, { lines: [] }, [INDOMIE.productId])).toMatchObject({ store: ERROR_MESSAGES.TRANSFER_SAME_STORE, form: null });
  });
});
