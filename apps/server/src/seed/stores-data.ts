export interface StoreLocation {
  /** Second and third words of the store name ("Toko Kemang Raya"). */
  label: string;
  street: string;
  kelurahan: string;
  kecamatan: string;
  city: string;
  areaCode: string;
  lat: number;
  lng: number;
}

const L = (label: string, street: string, kelurahan: string, kecamatan: string, city: string, areaCode: string, lat: number, lng: number): StoreLocation => ({
  label,
  street,
  kelurahan,
  kecamatan,
  city,
  areaCode,
  lat,
  lng,
});

// Real kelurahan/kecamatan around Jabodetabek, in store-code order. T001–T010 are
// the area supervisor's Jakarta Selatan stores; T001–T003 share a kecamatan and
// T001/T003 a kelurahan, so stock bookings have neighbours to ask.
export const STORE_LOCATIONS: readonly StoreLocation[] = [
  L('Kemang Raya', 'Jl. Kemang Raya No. 8', 'Bangka', 'Mampang Prapatan', 'Jakarta Selatan', 'JKS', -6.2607, 106.8137),
  L('Pela Mampang', 'Jl. Mampang Prapatan Raya No. 73', 'Pela Mampang', 'Mampang Prapatan', 'Jakarta Selatan', 'JKS', -6.2486, 106.8226),
  L('Bangka Indah', 'Jl. Bangka Raya No. 27', 'Bangka', 'Mampang Prapatan', 'Jakarta Selatan', 'JKS', -6.2588, 106.8196),
  L('Cipete Raya', 'Jl. Cipete Raya No. 12', 'Cipete Selatan', 'Cilandak', 'Jakarta Selatan', 'JKS', -6.2745, 106.8045),
  L('Ampera Raya', 'Jl. Ampera Raya No. 20', 'Cilandak Timur', 'Pasar Minggu', 'Jakarta Selatan', 'JKS', -6.2885, 106.8200),
  L('Tebet Raya', 'Jl. Tebet Raya No. 45', 'Tebet Barat', 'Tebet', 'Jakarta Selatan', 'JKS', -6.2308, 106.851),
  L('Pancoran Indah', 'Jl. Raya Pasar Minggu No. 9', 'Pancoran', 'Pancoran', 'Jakarta Selatan', 'JKS', -6.253, 106.844),
  L('Fatmawati Raya', 'Jl. RS Fatmawati No. 33', 'Cilandak Barat', 'Cilandak', 'Jakarta Selatan', 'JKS', -6.287, 106.7965),
  L('Senopati Raya', 'Jl. Senopati No. 18', 'Selong', 'Kebayoran Baru', 'Jakarta Selatan', 'JKS', -6.234, 106.809),
  L('Kalibata Indah', 'Jl. Raya Kalibata No. 10', 'Rawajati', 'Pancoran', 'Jakarta Selatan', 'JKS', -6.258, 106.853),
  L('Gandaria Raya', 'Jl. Gandaria Tengah III No. 4', 'Kramat Pela', 'Kebayoran Baru', 'Jakarta Selatan', 'JKS', -6.244, 106.793),
  L('Pondok Indah', 'Jl. Metro Pondok Indah No. 21', 'Pondok Pinang', 'Kebayoran Lama', 'Jakarta Selatan', 'JKS', -6.266, 106.784),
  L('Lebak Bulus', 'Jl. Lebak Bulus Raya No. 2', 'Lebak Bulus', 'Cilandak', 'Jakarta Selatan', 'JKS', -6.299, 106.775),
  L('Jagakarsa Raya', 'Jl. Raya Lenteng Agung No. 88', 'Jagakarsa', 'Jagakarsa', 'Jakarta Selatan', 'JKS', -6.332, 106.824),
  L('Setiabudi Indah', 'Jl. Setiabudi Raya No. 7', 'Setiabudi', 'Setiabudi', 'Jakarta Selatan', 'JKS', -6.212, 106.83),
  L('Pasar Minggu', 'Jl. Raya Ragunan No. 15', 'Pasar Minggu', 'Pasar Minggu', 'Jakarta Selatan', 'JKS', -6.284, 106.842),
  L('Menteng Raya', 'Jl. Menteng Raya No. 31', 'Kebon Sirih', 'Menteng', 'Jakarta Pusat', 'JKP', -6.185, 106.833),
  L('Cikini Raya', 'Jl. Cikini Raya No. 60', 'Cikini', 'Menteng', 'Jakarta Pusat', 'JKP', -6.192, 106.84),
  L('Tanah Abang', 'Jl. KH Mas Mansyur No. 12', 'Kebon Kacang', 'Tanah Abang', 'Jakarta Pusat', 'JKP', -6.193, 106.815),
  L('Cempaka Putih', 'Jl. Cempaka Putih Tengah No. 9', 'Cempaka Putih Timur', 'Cempaka Putih', 'Jakarta Pusat', 'JKP', -6.178, 106.872),
  L('Kramat Raya', 'Jl. Kramat Raya No. 100', 'Kramat', 'Senen', 'Jakarta Pusat', 'JKP', -6.187, 106.845),
  L('Kemayoran Indah', 'Jl. Garuda No. 25', 'Gunung Sahari Selatan', 'Kemayoran', 'Jakarta Pusat', 'JKP', -6.162, 106.843),
  L('Kebon Jeruk', 'Jl. Panjang No. 14', 'Kebon Jeruk', 'Kebon Jeruk', 'Jakarta Barat', 'JKB', -6.193, 106.77),
  L('Tanjung Duren', 'Jl. Tanjung Duren Raya No. 50', 'Tanjung Duren Utara', 'Grogol Petamburan', 'Jakarta Barat', 'JKB', -6.177, 106.788),
  L('Palmerah Baru', 'Jl. Palmerah Barat No. 22', 'Palmerah', 'Palmerah', 'Jakarta Barat', 'JKB', -6.2, 106.797),
  L('Kembangan Raya', 'Jl. Kembangan Raya No. 3', 'Kembangan Utara', 'Kembangan', 'Jakarta Barat', 'JKB', -6.183, 106.74),
  L('Cengkareng Indah', 'Jl. Kamal Raya No. 40', 'Cengkareng Timur', 'Cengkareng', 'Jakarta Barat', 'JKB', -6.145, 106.735),
  L('Kalideres Permai', 'Jl. Peta Selatan No. 11', 'Kalideres', 'Kalideres', 'Jakarta Barat', 'JKB', -6.138, 106.705),
  L('Rawamangun Raya', 'Jl. Pemuda No. 44', 'Rawamangun', 'Pulo Gadung', 'Jakarta Timur', 'JKT', -6.194, 106.889),
  L('Jatinegara Kaum', 'Jl. Jatinegara Kaum No. 6', 'Jatinegara Kaum', 'Pulo Gadung', 'Jakarta Timur', 'JKT', -6.2, 106.902),
  L('Kramat Jati', 'Jl. Raya Bogor No. 120', 'Kramat Jati', 'Kramat Jati', 'Jakarta Timur', 'JKT', -6.274, 106.868),
  L('Duren Sawit', 'Jl. Duren Sawit Raya No. 17', 'Duren Sawit', 'Duren Sawit', 'Jakarta Timur', 'JKT', -6.233, 106.914),
  L('Pondok Kelapa', 'Jl. Pondok Kelapa Raya No. 28', 'Pondok Kelapa', 'Duren Sawit', 'Jakarta Timur', 'JKT', -6.241, 106.932),
  L('Cibubur Indah', 'Jl. Lapangan Tembak No. 5', 'Cibubur', 'Ciracas', 'Jakarta Timur', 'JKT', -6.365, 106.886),
  L('Cipinang Melayu', 'Jl. Cipinang Melayu Raya No. 2', 'Cipinang Melayu', 'Makasar', 'Jakarta Timur', 'JKT', -6.243, 106.894),
  L('Kelapa Gading', 'Jl. Boulevard Raya No. 15', 'Kelapa Gading Barat', 'Kelapa Gading', 'Jakarta Utara', 'JKU', -6.158, 106.904),
  L('Sunter Agung', 'Jl. Danau Sunter Utara No. 8', 'Sunter Agung', 'Tanjung Priok', 'Jakarta Utara', 'JKU', -6.144, 106.865),
  L('Pluit Raya', 'Jl. Pluit Raya No. 12', 'Pluit', 'Penjaringan', 'Jakarta Utara', 'JKU', -6.127, 106.793),
  L('Margonda Raya', 'Jl. Margonda Raya No. 358', 'Kemiri Muka', 'Beji', 'Depok', 'DPK', -6.37, 106.833),
  L('Pondok Cina', 'Jl. Margonda Raya No. 101', 'Pondok Cina', 'Beji', 'Depok', 'DPK', -6.362, 106.831),
  L('Sukmajaya Indah', 'Jl. Tole Iskandar No. 20', 'Sukmajaya', 'Sukmajaya', 'Depok', 'DPK', -6.395, 106.84),
  L('Cinere Raya', 'Jl. Cinere Raya No. 35', 'Cinere', 'Cinere', 'Depok', 'DPK', -6.327, 106.783),
  L('Cimanggis Raya', 'Jl. Raya Bogor KM 30 No. 7', 'Mekarsari', 'Cimanggis', 'Depok', 'DPK', -6.37, 106.864),
  L('Pajajaran Raya', 'Jl. Raya Pajajaran No. 25', 'Baranangsiang', 'Bogor Timur', 'Bogor', 'BGR', -6.603, 106.805),
  L('Bantarjati Raya', 'Jl. Ahmad Yani No. 4', 'Bantarjati', 'Bogor Utara', 'Bogor', 'BGR', -6.581, 106.804),
  L('Suryakencana Raya', 'Jl. Suryakencana No. 50', 'Babakan Pasar', 'Bogor Tengah', 'Bogor', 'BGR', -6.606, 106.799),
  L('Cibinong Raya', 'Jl. Raya Tegar Beriman No. 1', 'Tengah', 'Cibinong', 'Kabupaten Bogor', 'BGR', -6.481, 106.842),
  L('Sentul Indah', 'Jl. MH Thamrin Sentul City No. 9', 'Citaringgul', 'Babakan Madang', 'Kabupaten Bogor', 'BGR', -6.564, 106.873),
  L('Karawaci Raya', 'Jl. Imam Bonjol No. 30', 'Karawaci', 'Karawaci', 'Tangerang', 'TNG', -6.188, 106.613),
  L('Cipondoh Indah', 'Jl. KH Hasyim Ashari No. 77', 'Cipondoh', 'Cipondoh', 'Tangerang', 'TNG', -6.185, 106.678),
  L('Cikokol Raya', 'Jl. MH Thamrin No. 5', 'Cikokol', 'Tangerang', 'Tangerang', 'TNG', -6.225, 106.64),
  L('Bintaro Jaya', 'Jl. Bintaro Utama 3 No. 14', 'Pondok Karya', 'Pondok Aren', 'Tangerang Selatan', 'TGS', -6.271, 106.725),
  L('Serpong Raya', 'Jl. Raya Serpong No. 60', 'Serpong', 'Serpong', 'Tangerang Selatan', 'TGS', -6.316, 106.665),
  L('Ciputat Indah', 'Jl. RE Martadinata No. 18', 'Ciputat', 'Ciputat', 'Tangerang Selatan', 'TGS', -6.312, 106.75),
  L('Pamulang Permai', 'Jl. Siliwangi No. 9', 'Pamulang Barat', 'Pamulang', 'Tangerang Selatan', 'TGS', -6.342, 106.722),
  L('Bekasi Timur', 'Jl. Ir. H. Juanda No. 12', 'Margahayu', 'Bekasi Timur', 'Bekasi', 'BKS', -6.242, 107.01),
  L('Kayuringin Jaya', 'Jl. Kayuringin Raya No. 20', 'Kayuringin Jaya', 'Bekasi Selatan', 'Bekasi', 'BKS', -6.245, 106.992),
  L('Pekayon Jaya', 'Jl. Pekayon Raya No. 8', 'Pekayon Jaya', 'Bekasi Selatan', 'Bekasi', 'BKS', -6.258, 106.988),
  L('Jatiasih Raya', 'Jl. Raya Jatiasih No. 50', 'Jatiasih', 'Jatiasih', 'Bekasi', 'BKS', -6.295, 106.956),
  L('Harapan Indah', 'Jl. Boulevard Hijau Raya No. 3', 'Pejuang', 'Medan Satria', 'Bekasi', 'BKS', -6.182, 106.978),
];

/** Street names for customer addresses. */
export const STREETS = [
  'Jl. Mawar', 'Jl. Melati', 'Jl. Kenanga', 'Jl. Anggrek', 'Jl. Flamboyan', 'Jl. Cempaka', 'Jl. Dahlia', 'Jl. Kamboja',
  'Jl. Nusa Indah', 'Jl. Swadaya', 'Jl. H. Saidi', 'Jl. Haji Naim', 'Jl. Pinang', 'Jl. Kelapa Dua', 'Jl. Delima', 'Jl. Manggis',
  'Jl. Rambutan', 'Jl. Sawo', 'Jl. Belimbing', 'Gg. Mushola', 'Gg. Damai', 'Gg. Sepakat', 'Jl. Pendidikan', 'Jl. Bhakti',
  'Jl. Kemuning', 'Jl. Pelita', 'Jl. Amal', 'Jl. Karya', 'Jl. Merpati', 'Jl. Cendrawasih', 'Jl. Rajawali', 'Jl. Perintis',
  'Jl. Masjid Al-Ikhlas', 'Jl. Kebon Mangga', 'Jl. Salak', 'Jl. Bango', 'Jl. Langgar', 'Jl. Madrasah', 'Jl. Teratai', 'Jl. Wijaya Kusuma',
];
