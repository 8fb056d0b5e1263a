import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetClientStateForTests } from '@/shared/api/client';
import { mockFetch, ok } from '@/test/fetch-mock';
import { renderWithQuery } from '@/test/render';
import { lookupStockItem } from '../api/get-stock-lookup';
import { product, searchItem, searchPage, stockLookup, storeStock } from '../stock-test-kit';
import { StockProductPicker } from './stock-product-picker';

const SEARCH = '/api/stock/products';

beforeEach(() => resetClientStateForTests());
afterEach(() => vi.unstubAllGlobals());

describe('StockProductPicker (choose a product with my stock, for other areas)', () => {
  it('searches by name from 2 letters, shows my stock, and hands the chosen product over, clearing itself', async () => {
    const server = mockFetch().on('GET', SEARCH, ok(searchPage([searchItem(), searchItem({ productID: '20007', barcode: '8991234567000', name: 'Indomie Soto 75g', qty: 0 })])));
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithQuery(<StockProductPicker onPick={onPick} />);
    await user.type(screen.getByTestId('stock-picker-search'), 'i');
    expect(screen.getByText('Ketik minimal 2 huruf untuk mencari.')).toBeInTheDocument();
    await user.type(screen.getByTestId('stock-picker-search'), 'ndo');
    const hit = await screen.findByTestId('stock-pick-20001');
    expect(hit).toHaveTextContent('Indomie Goreng 85g');
    expect(hit).toHaveTextContent('12');
    expect(new URL(server.callsTo(SEARCH).at(-1)!.url, 'http://x').searchParams.get('q')).toBe('indo');
    await user.click(hit);
    expect(onPick).toHaveBeenCalledWith(searchItem());
    expect(screen.getByTestId('stock-picker-search')).toHaveValue('');
    expect(screen.queryByTestId('stock-picker-results')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    mockFetch().on('GET', SEARCH, ok(searchPage([])));
    const user = userEvent.setup();
    renderWithQuery(<StockProductPicker onPick={() => {}} />);
    await user.type(screen.getByTestId('stock-picker-search'), 'zzz{Enter}');
    expect(await screen.findByTestId('stock-picker-empty')).toHaveTextContent('Tidak ada produk yang cocok dengan "zzz".');
  });
});

describe('lookupStockItem (a scanned code as a search hit)', () => {
  it('answers the product with my store\'s stock; an unknown code is refused as the API says', async () => {
    mockFetch()
      .on('GET', `/api/stock/barcode/${product.barcode}`, ok(stockLookup({ store: storeStock({ qty: 7, qtyReserved: 2 }) })))
      .on('GET', '/api/stock/barcode/123', ok(null));
    await expect(lookupStockItem(product.barcode)).resolves.toEqual({ ...product, qty: 7, qtyReserved: 2 });
    await expect(lookupStockItem('123')).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
  });
});
