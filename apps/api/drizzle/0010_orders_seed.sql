-- Delivery zones in and around Kampala, with their fees (whole UGX) and usual times from
-- dispatch to the door. Staff change them afterwards; orders keep the name and time they were
-- placed with. Fees are waived on orders of Shs 1,000,000 or more (enforced at checkout).
INSERT INTO delivery_zones (slug, name, areas, fee, delivery_time_minutes, delivery_time_label, sort_order)
VALUES
  ('central-kampala', 'Central Kampala',
   'Kololo, Nakasero, Naguru, Bugolobi, Kamwokya, Wandegeya, Old Kampala and the city centre',
   10000, 120, '1–2 hours', 10),
  ('kampala-north-east', 'Kampala North & East',
   'Ntinda, Bukoto, Kisaasi, Kyanja, Kiwatule, Naalya, Kyambogo, Banda',
   15000, 180, '2–3 hours', 20),
  ('kampala-south', 'Kampala South',
   'Muyenga, Kabalagala, Kansanga, Nsambya, Makindye, Ggaba, Munyonyo',
   15000, 180, '2–3 hours', 30),
  ('kampala-west', 'Kampala West',
   'Lubaga, Mengo, Namirembe, Kasubi, Nateete, Mutundwe, Bwaise',
   15000, 180, '2–3 hours', 40),
  ('kira-mukono', 'Kira, Namugongo & Mukono',
   'Kira, Kireka, Bweyogerere, Namugongo, Seeta, Mukono town',
   25000, 240, '3–4 hours', 50),
  ('entebbe-road', 'Entebbe Road & Entebbe',
   'Kajjansi, Lubowa, Kitende, Abayita Ababiri, Kitoro, Entebbe town',
   30000, 300, '4–5 hours', 60),
  ('wakiso-north', 'Nansana, Kasangati & Gayaza',
   'Nansana, Wakiso town, Kasangati, Gayaza, Matugga',
   25000, 240, '3–4 hours', 70)
ON CONFLICT (slug) DO NOTHING;
--> statement-breakpoint
-- The invoice series starts at INV-000001.
INSERT INTO document_counters (name, value) VALUES ('invoice', 0) ON CONFLICT (name) DO NOTHING;
