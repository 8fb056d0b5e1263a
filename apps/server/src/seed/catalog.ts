import type { Faker } from '@faker-js/faker';
import type { products, stores } from '../db/schema';
import { toEan13 } from './ean13';
import { PAPER_BAG } from './demo-data';
import { PRODUCT_FAMILIES } from './products-data';
import { STORE_LOCATIONS } from './stores-data';

export type StoreRow = typeof stores.$inferInsert & { code: string; kelurahan: string; kecamatan: string; city: string; latitude: number; longitude: number };
export type ProductRow = typeof products.$inferInsert & { id: number; productId: string; ean13: string; name: string; price: number };

export const storeCode = (n: number) => `T${String(n).padStart(3, '0')}`;

export function buildStores(faker: Faker, count: number): StoreRow[] {
  return STORE_LOCATIONS.slice(0, count).map((loc, i) => {
    const bogor = loc.areaCode === 'BGR';
    return {
      code: storeCode(i + 1),
      name: `Toko ${loc.label}`,
      address: `${loc.street}, ${loc.kelurahan}, ${loc.kecamatan}, ${loc.city}`,
      kelurahan: loc.kelurahan,
      kecamatan: loc.kecamatan,
      city: loc.city,
      latitude: loc.lat,
      longitude: loc.lng,
      phone: bogor ? `(0251) ${faker.string.numeric(7)}` : `(021) ${faker.string.numeric(8)}`,
      areaCode: loc.areaCode,
    };
  });
}

const roundTo100 = (n: number) => Math.max(100, Math.round(n / 100) * 100);

/** Products with Indonesian-prefix (899) EAN-13 barcodes; one GS1 company prefix per brand. */
export function buildProducts(faker: Faker, count: number): ProductRow[] {
  const companyOf = new Map<string, string>();
  const usedCompanies = new Set<string>(['9999']); // 9999 is the house brand (paper bag)
  const itemSeq = new Map<string, number>();
  const candidates: Omit<ProductRow, 'id' | 'productId'>[] = [];
  for (const family of PRODUCT_FAMILIES) {
    for (const brand of family.brands) {
      let company = companyOf.get(brand);
      if (!company) {
        do company = faker.string.numeric({ length: 4, allowLeadingZeros: false });
        while (usedCompanies.has(company));
        usedCompanies.add(company);
        companyOf.set(brand, company);
      }
      const brandFactor = faker.number.float({ min: 0.9, max: 1.15 });
      for (const variant of family.variants) {
        for (const [size, basePrice] of family.sizes) {
          const seq = (itemSeq.get(brand) ?? 0) + 1;
          itemSeq.set(brand, seq);
          const name = family.template.replace('{b}', brand).replace('{v}', variant).replace('{s}', size).replace(/\s+/g, ' ').trim();
          candidates.push({
            ean13: toEan13(`899${company}${String(seq).padStart(5, '0')}`),
            name,
            category: family.category,
            price: roundTo100(basePrice * brandFactor * faker.number.float({ min: 0.95, max: 1.05 })),
            unit: family.unit,
          });
        }
      }
    }
  }
  const chosen = count >= candidates.length ? candidates : faker.helpers.arrayElements(candidates, count);
  const rows: ProductRow[] = chosen.map((c, i) => ({ ...c, id: i + 1, productId: String(20_000_001 + i * 7), imageUrl: null }));
  rows.push({
    id: rows.length + 1,
    productId: PAPER_BAG.productId,
    ean13: toEan13('899999900001'),
    name: PAPER_BAG.name,
    category: PAPER_BAG.category,
    price: PAPER_BAG.price,
    unit: PAPER_BAG.unit,
    imageUrl: null,
  });
  return rows;
}
