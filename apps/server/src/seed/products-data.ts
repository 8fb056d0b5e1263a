/** Product families: every brand × variant × size becomes one product. Prices are typical rupiah shelf prices. */
export interface ProductFamily {
  category: string;
  unit: string;
  /** {b} brand, {v} variant, {s} size. */
  template: string;
  brands: string[];
  variants: string[];
  sizes: Array<[label: string, price: number]>;
}

const F = (category: string, unit: string, template: string, brands: string[], variants: string[], sizes: Array<[string, number]>): ProductFamily => ({
  category,
  unit,
  template,
  brands,
  variants,
  sizes,
});

export const PRODUCT_FAMILIES: readonly ProductFamily[] = [
  F('Mi Instan', 'pcs', '{b} {v} {s}', ['Indomie', 'Mie Sedaap', 'Sarimi', 'Supermi'], ['Goreng', 'Soto', 'Kari Ayam', 'Ayam Bawang', 'Goreng Rendang', 'Goreng Pedas'], [['85g', 3300]]),
  F('Mi Instan', 'cup', '{b} {v} {s}', ['Pop Mie', 'Mie Sedaap Cup'], ['Ayam Bawang', 'Baso', 'Kari Ayam', 'Goreng Spesial'], [['75g', 6000]]),
  F('Air Mineral', 'btl', '{b} Air Mineral {s}', ['Aqua', 'Le Minerale', 'Club', 'Ades', 'Cleo'], [''], [['330ml', 3000], ['600ml', 4000], ['1500ml', 7000]]),
  F('Teh Siap Minum', 'btl', '{b} {v} {s}', ['Teh Pucuk Harum', 'Frestea', 'Teh Botol Sosro', 'Ichi Ocha'], ['Original', 'Less Sugar', 'Melati'], [['350ml', 4000], ['500ml', 5500]]),
  F('Kopi', 'pcs', '{b} {v} {s}', ['Kapal Api', 'Good Day', 'Torabika', 'Nescafe', 'Luwak White Koffie'], ['Original', 'Mocacinno', 'Cappuccino', 'Gula Aren'], [['Sachet 20g', 1800], ['Renceng 10x20g', 16000]]),
  F('Kopi', 'btl', '{b} {v} {s}', ['Nescafe', 'Good Day', 'Kopi Kenangan', 'Golda'], ['Latte', 'Original', 'Mocha'], [['200ml', 7000]]),
  F('Susu', 'pcs', '{b} Susu UHT {v} {s}', ['Ultra Milk', 'Frisian Flag', 'Indomilk', 'Greenfields'], ['Coklat', 'Stroberi', 'Full Cream', 'Low Fat'], [['200ml', 6000], ['1L', 19000]]),
  F('Susu', 'pcs', '{b} Kental Manis {v} {s}', ['Frisian Flag', 'Indomilk', 'Carnation'], ['Putih', 'Coklat'], [['Kaleng 370g', 12500], ['Sachet 40g', 2000]]),
  F('Biskuit', 'pak', '{b} Biskuit {v} {s}', ['Roma', 'Khong Guan', 'Biskuat', 'Oreo', 'Nissin', 'Good Time', 'Tango'], ['Coklat', 'Vanila', 'Original', 'Keju'], [['Pak Kecil', 3000], ['120g', 9500]]),
  F('Makanan Ringan', 'pcs', '{b} {v} {s}', ['Chitato', 'Lays', 'Qtela', 'Taro', 'Potabee', 'Kusuka'], ['Sapi Panggang', 'Rumput Laut', 'Original', 'Balado', 'Keju'], [['35g', 6000], ['68g', 11000]]),
  F('Cokelat', 'pcs', '{b} {v} {s}', ['SilverQueen', 'Cadbury Dairy Milk', 'Delfi', 'Beng-Beng', 'Chocolatos'], ['Original', 'Almond', 'Hazelnut'], [['30g', 8000], ['62g', 15000]]),
  F('Permen', 'pak', '{b} {v} {s}', ['Kopiko', 'Relaxa', 'Mentos', 'Yupi', 'Fox'], ['Original', 'Mint', 'Buah'], [['Pak 150g', 10000], ['Stick', 2500]]),
  F('Minuman Soda', 'btl', '{b} {s}', ['Coca-Cola', 'Sprite', 'Fanta Stroberi', 'Big Cola'], [''], [['Kaleng 330ml', 7500], ['Botol 390ml', 6000], ['Botol 1.5L', 15000]]),
  F('Minuman Isotonik', 'btl', '{b} {s}', ['Pocari Sweat', 'Mizone', 'Hydro Coco'], [''], [['350ml', 7000], ['500ml', 8500]]),
  F('Sabun Mandi', 'pcs', '{b} Sabun {v} {s}', ['Lifebuoy', 'Lux', 'Dettol', 'Nuvo', 'Biore'], ['Original', 'Fresh', 'Sensitive'], [['Batang 75g', 4000], ['Cair Refill 450ml', 22000]]),
  F('Sampo', 'pcs', '{b} Sampo {v} {s}', ['Pantene', 'Sunsilk', 'Clear', 'Dove', 'Lifebuoy', 'Head & Shoulders'], ['Anti Ketombe', 'Lembut Berkilau', 'Hitam Berkilau'], [['Sachet 10ml', 1000], ['Botol 170ml', 25000]]),
  F('Pasta Gigi', 'pcs', '{b} {v} {s}', ['Pepsodent', 'Close Up', 'Formula', 'Sensodyne', 'Ciptadent'], ['Pencegah Gigi Berlubang', 'Herbal', 'Whitening'], [['75g', 9000], ['190g', 18000]]),
  F('Deterjen', 'pcs', '{b} Deterjen {v} {s}', ['Rinso', 'So Klin', 'Attack', 'Daia'], ['Bubuk', 'Cair'], [['800g', 22000], ['Sachet 45g', 2000]]),
  F('Sabun Cuci Piring', 'pcs', '{b} {v} {s}', ['Sunlight', 'Mama Lemon', 'Ekonomi'], ['Jeruk Nipis', 'Lime', 'Original'], [['Refill 755ml', 17000], ['Refill 210ml', 5500]]),
  F('Minyak Goreng', 'pcs', 'Minyak Goreng {b} {s}', ['Bimoli', 'Filma', 'Sania', 'Tropical', 'Sunco'], [''], [['Pouch 1L', 19500], ['Pouch 2L', 38000]]),
  F('Bumbu Dapur', 'btl', '{b} {s}', ['Kecap Manis Bango', 'Kecap Manis ABC', 'Saus Sambal ABC', 'Saus Tomat Del Monte', 'Sambal Indofood'], [''], [['Botol 135ml', 8000], ['Refill 550ml', 24000]]),
  F('Bumbu Dapur', 'pcs', '{b} Kaldu {v} {s}', ['Royco', 'Masako', 'Totole'], ['Ayam', 'Sapi'], [['Sachet 8g', 500], ['100g', 5500]]),
  F('Tisu', 'pak', '{b} Tisu {v} {s}', ['Paseo', 'Tessa', 'Nice', 'Jolly'], ['Wajah', 'Basah'], [['250 Lembar', 15000], ['Travel Pack', 5000]]),
  F('Pembalut', 'pak', '{b} {v} {s}', ['Charm', 'Laurier', 'Softex'], ['Siang', 'Malam'], [['8 Pcs', 12000], ['20 Pcs', 25000]]),
  F('Roti', 'pcs', '{b} {v} {s}', ['Sari Roti', 'Roti Aoka'], ['Tawar', 'Coklat', 'Keju', 'Sobek Coklat'], [['1 Bungkus', 6000]]),
  F('Es Krim', 'pcs', '{b} Es Krim {v} {s}', ['Walls', 'Aice', 'Campina'], ['Cokelat', 'Vanila', 'Stroberi', 'Mangga'], [['Stik', 5000], ['Cup 100ml', 8000]]),
  F('Yoghurt', 'btl', '{b} {v} {s}', ['Cimory Yogurt Drink', 'Heavenly Blush', 'Biokul'], ['Plain', 'Stroberi', 'Blueberry'], [['250ml', 9000]]),
  F('Sereal & Minuman Serbuk', 'pcs', '{b} {v} {s}', ['Energen', 'Milo', 'Quaker Oats'], ['Coklat', 'Vanila', 'Original'], [['Sachet', 2500], ['Box 10 Sachet', 22000]]),
  F('Sembako', 'pcs', '{b} {v} {s}', ['Gulaku', 'Rose Brand'], ['Gula Pasir Premium', 'Gula Tebu'], [['1kg', 17500], ['500g', 9500]]),
  F('Sembako', 'pcs', 'Tepung Terigu {b} {s}', ['Segitiga Biru', 'Cakra Kembar', 'Kunci Biru'], [''], [['1kg', 13500], ['500g', 7500]]),
  F('Sembako', 'pcs', 'Beras {b} {v} {s}', ['Ramos', 'Sania', 'Topi Koki', 'Maknyuss'], ['Premium', 'Pulen Wangi'], [['5kg', 72000], ['2.5kg', 38000]]),
  F('Kesehatan', 'pcs', '{b} {s}', ['Tolak Angin', 'Antangin JRG', 'Komix'], [''], [['Sachet', 4000], ['Box 5 Sachet', 18000]]),
  F('Kesehatan', 'strip', '{b} {s}', ['Panadol', 'Bodrex', 'Promag', 'Mixagrip', 'Diapet'], [''], [['Strip 10 Tablet', 12000]]),
];
