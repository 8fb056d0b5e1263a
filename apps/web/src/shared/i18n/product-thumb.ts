/** The words of a product's picture (shared/ui/product-thumb.tsx), loaded with the pages that show one. */
export const productThumbText = {
  imageMissing: 'Tanpa foto produk',
} as const;
