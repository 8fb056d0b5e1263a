import { asc, desc, eq, sql, type Column, type SQL, type Subquery } from 'drizzle-orm';
import { RECAP_OOS_MAX } from '@gerai/contract';
import type { Reader } from '../../db/client';
import { products } from '../../db/schema';

/** Out of stock summed per product (the products with a unit short), from the orders' lines or the kept figures. */
type PerProduct = Subquery & {
  productId: Column | SQL.Aliased<string>;
  orderedQty: SQL.Aliased<number>;
  oosQty: SQL.Aliased<number>;
  lines: SQL.Aliased<number>;
  oosLines: SQL.Aliased<number>;
};

/** The recap's out-of-stock rows: the sums per product with its name, the most units short first, then by name. */
export function mostShortProducts(reader: Reader, perProduct: PerProduct) {
  return reader
    .select({
      productId: sql<string>`${perProduct.productId}`,
      name: products.name,
      orderedQty: perProduct.orderedQty,
      oosQty: perProduct.oosQty,
      lines: perProduct.lines,
      oosLines: perProduct.oosLines,
    })
    .from(perProduct)
    .innerJoin(products, eq(products.productId, perProduct.productId))
    .orderBy(desc(perProduct.oosQty), sql`${products.name} collate "C"`, asc(perProduct.productId))
    .limit(RECAP_OOS_MAX);
}
