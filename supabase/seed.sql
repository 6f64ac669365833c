-- Demo content for the 2026 Europe Rally website: published and draft rows in every table, so
-- the site looks real after `npm start` (and after `supabase db reset` with the real CLI).
-- Image columns hold paths in the public `media` bucket; the emulator generates and stores those
-- images when it seeds a new database (supabase/emulator/storage/seed-media.ts), and
-- `npx tsx supabase/seed-media/upload.ts` uploads the same images to a hosted project.
-- Ids are fixed so tests can refer to rows: 0000000T-0000-4000-8000-00000000NNNN, where T is
-- 1 sponsors, 2 news articles, 3 article images, 4 gallery, 5 videos, 6 testimonials,
-- 7 events, 8 past tours, 9 contact messages.
-- Meant for a fresh database: plain inserts, no upserts.

-- Sponsors: every tier, with and without logos and websites, and two drafts.
insert into public.sponsors (id, name, tier, logo_url, website_url, published, sort_order, logo_alt) values
  ('00000001-0000-4000-8000-000000000001', 'Alpine Motor Group', 'Tier 1', 'seed/sponsors/alpine-motor-group.480x240.webp', 'https://alpine-motor-group.example', true, 1, 'Alpine Motor Group'),
  ('00000001-0000-4000-8000-000000000002', 'Harrington & Vale Solicitors', 'Tier 1', 'seed/sponsors/harrington-and-vale-solicitors.480x240.webp', 'https://harrington-vale.example', true, 2, 'Harrington & Vale Solicitors'),
  ('00000001-0000-4000-8000-000000000003', 'Cotswold Classic Cars', 'Tier 2', 'seed/sponsors/cotswold-classic-cars.480x240.webp', 'https://cotswold-classic-cars.example', true, 3, 'Cotswold Classic Cars'),
  ('00000001-0000-4000-8000-000000000004', 'Brightwater Logistics', 'Tier 2', 'seed/sponsors/brightwater-logistics.480x240.webp', null, true, 4, 'Brightwater Logistics'),
  ('00000001-0000-4000-8000-000000000005', 'Peak District Tyres', 'Tier 2', null, 'https://peak-district-tyres.example', true, 5, ''),
  ('00000001-0000-4000-8000-000000000006', 'Marlow Print Studio', 'Tier 3', 'seed/sponsors/marlow-print-studio.480x240.webp', 'https://marlow-print-studio.example', true, 6, 'Marlow Print Studio'),
  ('00000001-0000-4000-8000-000000000007', 'Kestrel Accountancy', 'Tier 3', 'seed/sponsors/kestrel-accountancy.480x240.webp', null, true, 7, 'Kestrel Accountancy'),
  ('00000001-0000-4000-8000-000000000008', 'Ridgeway Garage', 'Tier 3', null, 'https://ridgeway-garage.example', true, 8, ''),
  ('00000001-0000-4000-8000-000000000009', 'The Old Forge Café', 'Tier 3', null, null, true, 9, ''),
  ('00000001-0000-4000-8000-000000000010', 'Northern Lights Insurance', 'Tier 2', 'seed/sponsors/northern-lights-insurance.480x240.webp', 'https://northern-lights-insurance.example', false, 10, 'Northern Lights Insurance'),
  ('00000001-0000-4000-8000-000000000011', 'Summit Outdoor Gear', 'Tier 3', null, null, false, 11, '');

-- News: six published articles in four categories (one featured) and a draft.
insert into public.news_articles (id, title, category, is_featured, published, published_date, excerpt, content, image_url, image_alt) values
  ('00000002-0000-4000-8000-000000000001', 'Registration opens for the 2026 Europe Rally', 'rally', true, true, '2025-10-20', 'Seven days, five countries and one finish line in the Austrian Alps: entries for the 2026 rally are now open.', '<p>Entries are now open for the <strong>2026 Europe Rally</strong>, seven days and five countries from the UK to the Austrian Alps, from 22 to 28 June 2026.</p>
<p>As always, every mile raises money for research into rare genetic conditions and for the lifelong-care village being built for disabled children and their families.</p>
<h2>What your entry includes</h2>
<ul>
<li>Six nights'' hotel accommodation for two people sharing</li>
<li>The Channel crossing for one car</li>
<li>Daily route books, breakfast briefings and a finishing dinner in Austria</li>
<li>Rally plates, door numbers and a support crew on the road</li>
</ul>
<h2>How to secure your place</h2>
<p>Places cost £3,950 per car, and a non-refundable <strong>£250 deposit</strong> secures your spot. Numbers are limited, so we recommend registering early.</p>
<p>The exact route stays a mystery until the morning of departure, but expect mountain passes, lakeside lunches and plenty of good company.</p>', 'seed/news/registration-open.1200x675.webp', 'A rally car with its door number on a mountain road, beneath the headline Registration open'),
  ('00000002-0000-4000-8000-000000000002', '2025 rally raises £14,800 for research and the care village', 'fundraising', false, true, '2025-07-14', 'Thirty-four crews, 2,250 miles and a record total for our two causes.', '<p>The 2025 rally finished in Turin with a record <strong>£14,800</strong> raised, split between rare-genetic-condition research and the care village.</p>
<p>Thank you to every crew, sponsor and supporter who cheered us over the Col de la Bonette.</p>', 'seed/news/rally-2025-total.1200x675.webp', 'Rally crews celebrating in front of the Turin finish banner'),
  ('00000002-0000-4000-8000-000000000003', 'A mystery route through five countries', 'rally', false, true, '2026-01-15', 'Germany, Austria, Italy, Switzerland and France: here is what we can tell you about the 2026 route.', '<p>The 2026 route starts in the UK and heads through Germany, Austria, Italy, Switzerland (with a stop in Zurich) and France.</p>
<p>The exact towns stay secret until each morning''s briefing. That is half the fun.</p>', 'seed/news/mystery-route.1200x675.webp', 'A route map of Europe with the 2026 route hidden behind question marks'),
  ('00000002-0000-4000-8000-000000000004', 'Meet the families behind the care village', 'charity', false, true, '2025-11-30', 'Why a lifelong-care village matters, in the words of the families who will live there.', '<p>For families caring for a disabled child, the hardest question is <em>what happens next?</em> The care village answers it with homes, therapy and friendship for life.</p>
<p>We visited three families to hear what the project means to them.</p>', 'seed/news/care-village-families.1200x675.webp', 'A family with their young son in a wheelchair outside the care village site'),
  ('00000002-0000-4000-8000-000000000005', 'Spring drivers'' meetup confirmed for April', 'news', false, true, '2026-02-10', 'Bring your rally car, meet your fellow crews and pick up your route-book binder.', '<p>Our spring meetup takes place on Saturday 18 April 2026 at Brooklands Museum, Weybridge.</p>
<p>Expect a scrutineering clinic, a talk from last year''s winners and plenty of tea.</p>', 'seed/news/spring-meetup.1200x675.webp', 'Rally cars parked in front of the Brooklands Museum clubhouse'),
  ('00000002-0000-4000-8000-000000000006', 'Alpine Motor Group joins as a Tier 1 sponsor', 'news', false, true, '2026-03-02', 'A warm welcome to our newest headline sponsor, who will also provide the support vehicle.', '<p>We are delighted to welcome <strong>Alpine Motor Group</strong> as a Tier 1 sponsor of the 2026 rally.</p>
<p>Their support vehicle and mechanics will follow the convoy all the way to Austria.</p>', 'seed/news/alpine-motor-group.1200x675.webp', 'The Alpine Motor Group support van parked beside a rally car'),
  ('00000002-0000-4000-8000-000000000007', 'Hotel partners for 2026 announced', 'rally', false, false, '2026-03-20', 'Draft: the six hotels hosting the convoy in 2026.', '<p>Draft article: hotel names to be confirmed with each partner before publishing.</p>', 'seed/news/hotel-partners.1200x675.webp', 'A lakeside hotel terrace with rally cars parked in front');

-- Extra images: three for the featured article, two for the 2025 total, one on the draft.
insert into public.news_article_images (id, article_id, url, caption, sort_order, alt) values
  ('00000003-0000-4000-8000-000000000001', '00000002-0000-4000-8000-000000000001', 'seed/news/registration-open-convoy.1200x675.webp', 'The 2025 convoy leaving the ferry at Caen.', 0, 'A line of rally cars driving off the ferry ramp onto the quayside'),
  ('00000003-0000-4000-8000-000000000002', '00000002-0000-4000-8000-000000000001', 'seed/news/registration-open-alps-pass.1200x675.webp', 'Hairpins on an Alpine pass: expect plenty of these.', 1, 'A rally car rounding a tight hairpin with a rock face on one side'),
  ('00000003-0000-4000-8000-000000000003', '00000002-0000-4000-8000-000000000001', 'seed/news/registration-open-lake.1200x675.webp', null, 2, 'Rally cars parked on a lakeside promenade under the mountains'),
  ('00000003-0000-4000-8000-000000000004', '00000002-0000-4000-8000-000000000002', 'seed/news/rally-2025-cheque.1200x675.webp', 'Presenting the cheque in Turin.', 0, 'The organisers handing a large cheque to charity representatives'),
  ('00000003-0000-4000-8000-000000000005', '00000002-0000-4000-8000-000000000002', 'seed/news/rally-2025-crews.1200x675.webp', 'All thirty-four crews at the finish.', 1, 'Dozens of crews standing in front of their cars under a finish arch'),
  ('00000003-0000-4000-8000-000000000006', '00000002-0000-4000-8000-000000000007', 'seed/news/hotel-partners-lakeside.1200x675.webp', 'Lakeside hotel (draft).', 0, 'A hotel on the shore of a lake with a garden terrace');

-- Gallery: 48 published images over four rallies (newest first by sort order) and four drafts.
insert into public.gallery_images (id, title, url, category, year, published, sort_order, alt) values
  ('00000004-0000-4000-8000-000000000001', 'Overnight ferry from Portsmouth', 'seed/gallery/2025-overnight-ferry-from-portsmouth.840x560.webp', '2025 Rally', 2025, true, 1, 'Rally cars queuing on the quay to board the overnight ferry at Portsmouth'),
  ('00000004-0000-4000-8000-000000000002', 'Normandy beaches at sunrise', 'seed/gallery/2025-normandy-beaches-at-sunrise.840x560.webp', '2025 Rally', 2025, true, 2, 'Sunrise over a wide Normandy beach, with the convoy parked along the sea wall'),
  ('00000004-0000-4000-8000-000000000003', 'Loire château drive-by', 'seed/gallery/2025-loire-chateau-drive-by.840x560.webp', '2025 Rally', 2025, true, 3, 'A rally car passing a turreted Loire Valley château on a tree-lined road'),
  ('00000004-0000-4000-8000-000000000004', 'Vineyard lanes in Burgundy', 'seed/gallery/2025-vineyard-lanes-in-burgundy.840x560.webp', '2025 Rally', 2025, true, 4, 'Two rally cars on a narrow lane between rows of Burgundy vines'),
  ('00000004-0000-4000-8000-000000000005', 'Route Napoléon bends', 'seed/gallery/2025-route-napoleon-bends.840x560.webp', '2025 Rally', 2025, true, 5, 'The convoy winding through the sweeping bends of the Route Napoléon'),
  ('00000004-0000-4000-8000-000000000006', 'Col de la Bonette summit', 'seed/gallery/2025-col-de-la-bonette-summit.840x560.webp', '2025 Rally', 2025, true, 6, 'Crews celebrating beside the summit sign of the Col de la Bonette'),
  ('00000004-0000-4000-8000-000000000007', 'Lac de Serre-Ponçon', 'seed/gallery/2025-lac-de-serre-poncon.840x560.webp', '2025 Rally', 2025, true, 7, 'The turquoise water of Lac de Serre-Ponçon below a lakeside road'),
  ('00000004-0000-4000-8000-000000000008', 'Alps above Barcelonnette', 'seed/gallery/2025-alps-above-barcelonnette.840x560.webp', '2025 Rally', 2025, true, 8, 'Snow-streaked Alpine peaks above the valley of Barcelonnette'),
  ('00000004-0000-4000-8000-000000000009', 'Col de Larche border crossing', 'seed/gallery/2025-col-de-larche-border-crossing.840x560.webp', '2025 Rally', 2025, true, 9, 'Rally cars stopped at the French-Italian border post on the Col de Larche'),
  ('00000004-0000-4000-8000-000000000010', 'Arrival in Turin', 'seed/gallery/2025-arrival-in-turin.840x560.webp', '2025 Rally', 2025, true, 10, 'Dusty rally cars arriving in a Turin square at the end of the 2025 route'),
  ('00000004-0000-4000-8000-000000000011', 'Lake stop in the Maritime Alps', 'seed/gallery/2025-lake-stop-in-the-maritime-alps.840x560.webp', '2025 Rally', 2025, true, 11, 'Crews stretching their legs by a still mountain lake in the Maritime Alps'),
  ('00000004-0000-4000-8000-000000000012', 'Family day at the care village', 'seed/gallery/2025-family-day-at-the-care-village.840x560.webp', '2025 Rally', 2025, true, 12, 'Families and rally crews sharing a picnic on the lawn at the care village'),
  ('00000004-0000-4000-8000-000000000013', 'Le Shuttle at Folkestone', 'seed/gallery/2024-le-shuttle-at-folkestone.840x560.webp', '2024 Rally', 2024, true, 13, 'Rally cars driving onto a Le Shuttle train carriage at Folkestone'),
  ('00000004-0000-4000-8000-000000000014', 'Luxembourg old town', 'seed/gallery/2024-luxembourg-old-town.840x560.webp', '2024 Rally', 2024, true, 14, 'A rally car on a cobbled street in Luxembourg''s old town'),
  ('00000004-0000-4000-8000-000000000015', 'Rhine Valley castles', 'seed/gallery/2024-rhine-valley-castles.840x560.webp', '2024 Rally', 2024, true, 15, 'A hilltop castle above the Rhine, seen from the river road'),
  ('00000004-0000-4000-8000-000000000016', 'Grimsel Pass reservoir', 'seed/gallery/2024-grimsel-pass-reservoir.840x560.webp', '2024 Rally', 2024, true, 16, 'The dam and grey-green reservoir at the top of the Grimsel Pass'),
  ('00000004-0000-4000-8000-000000000017', 'Furka Pass viewpoint', 'seed/gallery/2024-furka-pass-viewpoint.840x560.webp', '2024 Rally', 2024, true, 17, 'A crew admiring the view down the valley from the Furka Pass'),
  ('00000004-0000-4000-8000-000000000018', 'Glacier views in the Swiss Alps', 'seed/gallery/2024-glacier-views-in-the-swiss-alps.840x560.webp', '2024 Rally', 2024, true, 18, 'A glacier spilling between rocky Swiss peaks behind a parked rally car'),
  ('00000004-0000-4000-8000-000000000019', 'Lake Geneva shoreline', 'seed/gallery/2024-lake-geneva-shoreline.840x560.webp', '2024 Rally', 2024, true, 19, 'The convoy following the shoreline of Lake Geneva under a blue sky'),
  ('00000004-0000-4000-8000-000000000020', 'Lake Annecy swim stop', 'seed/gallery/2024-lake-annecy-swim-stop.840x560.webp', '2024 Rally', 2024, true, 20, 'Crew members swimming off a jetty in the clear water of Lake Annecy'),
  ('00000004-0000-4000-8000-000000000021', 'Col de la Forclaz descent', 'seed/gallery/2024-col-de-la-forclaz-descent.840x560.webp', '2024 Rally', 2024, true, 21, 'A rally car descending the hairpins of the Col de la Forclaz'),
  ('00000004-0000-4000-8000-000000000022', 'Convoy in the Alps at golden hour', 'seed/gallery/2024-convoy-in-the-alps-at-golden-hour.840x560.webp', '2024 Rally', 2024, true, 22, 'A line of rally cars crossing an Alpine pass in warm evening light'),
  ('00000004-0000-4000-8000-000000000023', 'Volunteers at the checkpoint', 'seed/gallery/2024-volunteers-at-the-checkpoint.840x560.webp', '2024 Rally', 2024, true, 23, 'Volunteers in hi-vis vests stamping route books at a checkpoint table'),
  ('00000004-0000-4000-8000-000000000024', 'Finish party in Annecy', 'seed/gallery/2024-finish-party-in-annecy.840x560.webp', '2024 Rally', 2024, true, 24, 'Crews raising a toast at the finish party by Lake Annecy'),
  ('00000004-0000-4000-8000-000000000025', 'Ferry departure from Dover', 'seed/gallery/2023-ferry-departure-from-dover.840x560.webp', '2023 Rally', 2023, true, 25, 'Rally cars lined up on the Dover dock before the ferry departure'),
  ('00000004-0000-4000-8000-000000000026', 'Morning mist over Champagne', 'seed/gallery/2023-morning-mist-over-champagne.840x560.webp', '2023 Rally', 2023, true, 26, 'Morning mist lying over the vineyards of Champagne'),
  ('00000004-0000-4000-8000-000000000027', 'Fuel stop in the Black Forest', 'seed/gallery/2023-fuel-stop-in-the-black-forest.840x560.webp', '2023 Rally', 2023, true, 27, 'A rally car filling up at a fuel station surrounded by Black Forest pines'),
  ('00000004-0000-4000-8000-000000000028', 'Rhine Valley viewpoint', 'seed/gallery/2023-rhine-valley-viewpoint.840x560.webp', '2023 Rally', 2023, true, 28, 'Rally cars parked at a viewpoint high above the Rhine Valley'),
  ('00000004-0000-4000-8000-000000000029', 'Stelvio Pass hairpins', 'seed/gallery/2023-stelvio-pass-hairpins.840x560.webp', '2023 Rally', 2023, true, 29, 'Tight hairpin bends stacked up the mountainside of the Stelvio Pass'),
  ('00000004-0000-4000-8000-000000000030', 'Summit of the Stelvio Pass', 'seed/gallery/2023-summit-of-the-stelvio-pass.840x560.webp', '2023 Rally', 2023, true, 30, 'Crews gathered by their cars at the snowy summit of the Stelvio Pass'),
  ('00000004-0000-4000-8000-000000000031', 'Alps reflected in a mountain lake', 'seed/gallery/2023-alps-reflected-in-a-mountain-lake.840x560.webp', '2023 Rally', 2023, true, 31, 'Alpine peaks mirrored in a calm mountain lake'),
  ('00000004-0000-4000-8000-000000000032', 'Lake Garda promenade', 'seed/gallery/2023-lake-garda-promenade.840x560.webp', '2023 Rally', 2023, true, 32, 'Rally crews strolling along the palm-lined Lake Garda promenade'),
  ('00000004-0000-4000-8000-000000000033', 'Convoy through Bormio', 'seed/gallery/2023-convoy-through-bormio.840x560.webp', '2023 Rally', 2023, true, 33, 'The convoy passing through the main street of Bormio'),
  ('00000004-0000-4000-8000-000000000034', 'Dinner in Riva del Garda', 'seed/gallery/2023-dinner-in-riva-del-garda.840x560.webp', '2023 Rally', 2023, true, 34, 'Crews at a long outdoor dinner table by the harbour in Riva del Garda'),
  ('00000004-0000-4000-8000-000000000035', 'Sponsors'' cars lined up', 'seed/gallery/2023-sponsors-cars-lined-up.840x560.webp', '2023 Rally', 2023, true, 35, 'Sponsors'' liveried rally cars parked side by side in a row'),
  ('00000004-0000-4000-8000-000000000036', 'Cheque presentation at Lake Garda', 'seed/gallery/2023-cheque-presentation-at-lake-garda.840x560.webp', '2023 Rally', 2023, true, 36, 'Organisers holding up a giant fundraising cheque beside Lake Garda'),
  ('00000004-0000-4000-8000-000000000037', 'Convoy gathering in London', 'seed/gallery/2019-convoy-gathering-in-london.840x560.webp', '2019 Rally', 2019, true, 37, 'The first rally cars gathering in a London street before setting off'),
  ('00000004-0000-4000-8000-000000000038', 'Champagne vineyards near Reims', 'seed/gallery/2019-champagne-vineyards-near-reims.840x560.webp', '2019 Rally', 2019, true, 38, 'Neat rows of Champagne vines on the slopes near Reims'),
  ('00000004-0000-4000-8000-000000000039', 'Cathedral square in Strasbourg', 'seed/gallery/2019-cathedral-square-in-strasbourg.840x560.webp', '2019 Rally', 2019, true, 39, 'Rally cars parked in front of Strasbourg Cathedral'),
  ('00000004-0000-4000-8000-000000000040', 'Black Forest lanes', 'seed/gallery/2019-black-forest-lanes.840x560.webp', '2019 Rally', 2019, true, 40, 'A rally car on a quiet lane through the dark pines of the Black Forest'),
  ('00000004-0000-4000-8000-000000000041', 'Lake Lucerne at dawn', 'seed/gallery/2019-lake-lucerne-at-dawn.840x560.webp', '2019 Rally', 2019, true, 41, 'Dawn light over Lake Lucerne with mountains behind'),
  ('00000004-0000-4000-8000-000000000042', 'Gotthard Pass switchbacks', 'seed/gallery/2019-gotthard-pass-switchbacks.840x560.webp', '2019 Rally', 2019, true, 42, 'The switchbacks of the Gotthard Pass seen from above'),
  ('00000004-0000-4000-8000-000000000043', 'First glimpse of the Alps', 'seed/gallery/2019-first-glimpse-of-the-alps.840x560.webp', '2019 Rally', 2019, true, 43, 'The first view of the snow-capped Alps across green foothills'),
  ('00000004-0000-4000-8000-000000000044', 'Lake Como waterfront', 'seed/gallery/2019-lake-como-waterfront.840x560.webp', '2019 Rally', 2019, true, 44, 'Rally cars parked along the waterfront of Lake Como'),
  ('00000004-0000-4000-8000-000000000045', 'Picnic stop above the lake', 'seed/gallery/2019-picnic-stop-above-the-lake.840x560.webp', '2019 Rally', 2019, true, 45, 'Crews picnicking on a grassy slope above a lake'),
  ('00000004-0000-4000-8000-000000000046', 'Team photo at the finish', 'seed/gallery/2019-team-photo-at-the-finish.840x560.webp', '2019 Rally', 2019, true, 46, 'The 2019 crews posing together for a team photo at the finish line'),
  ('00000004-0000-4000-8000-000000000047', 'Classic Mini on the Pass', 'seed/gallery/2019-classic-mini-on-the-pass.840x560.webp', '2019 Rally', 2019, true, 47, 'A classic Mini climbing a mountain pass road'),
  ('00000004-0000-4000-8000-000000000048', 'Sunset over Bellagio', 'seed/gallery/2019-sunset-over-bellagio.840x560.webp', '2019 Rally', 2019, true, 48, 'Sunset over Bellagio and Lake Como'),
  ('00000004-0000-4000-8000-000000000049', 'Classic cars at the Bonette summit', 'seed/gallery/2025-classic-cars-at-the-bonette-summit.840x560.webp', '2025 Rally', 2025, false, 49, 'Classic cars parked at the Bonette summit'),
  ('00000004-0000-4000-8000-000000000050', 'Thunderstorm on the Grimsel', 'seed/gallery/2024-thunderstorm-on-the-grimsel.840x560.webp', '2024 Rally', 2024, false, 50, 'Dark thunderclouds over the Grimsel Pass'),
  ('00000004-0000-4000-8000-000000000051', 'Roadside repairs near Bolzano', 'seed/gallery/2023-roadside-repairs-near-bolzano.840x560.webp', '2023 Rally', 2023, false, 51, 'A crew fixing a car at the roadside near Bolzano'),
  ('00000004-0000-4000-8000-000000000052', 'Night drive into Lucerne', 'seed/gallery/2019-night-drive-into-lucerne.840x560.webp', '2019 Rally', 2019, false, 52, 'Headlights of the convoy at night on the road into Lucerne');

-- Videos: short generated films stored in the media bucket, with poster images; one draft. The
-- first published film (sort order) is the featured one on /videos; the spec's three highlight
-- films follow it in the category 'Highlights'.
insert into public.videos (id, title, url, thumbnail_url, year, published, sort_order, category) values
  ('00000005-0000-4000-8000-000000000001', '2025 Rally Film', 'seed/videos/rally-2025-film.mp4', 'seed/videos/rally-2025-film-poster.960x540.webp', 2025, true, 1, 'Rally film'),
  ('00000005-0000-4000-8000-000000000002', '2024 Highlights', 'seed/videos/rally-2024-highlights.mp4', 'seed/videos/rally-2024-highlights-poster.960x540.webp', 2024, true, 2, 'Highlights'),
  ('00000005-0000-4000-8000-000000000003', '2023 Highlights', 'seed/videos/rally-2023-highlights.mp4', 'seed/videos/rally-2023-highlights-poster.960x540.webp', 2023, true, 3, 'Highlights'),
  ('00000005-0000-4000-8000-000000000004', '2019: Where It All Began', 'seed/videos/rally-2019-highlights.mp4', 'seed/videos/rally-2019-highlights-poster.960x540.webp', 2019, true, 4, 'Highlights'),
  ('00000005-0000-4000-8000-000000000005', 'Inside the Care Village', 'seed/videos/care-village-walkthrough.mp4', 'seed/videos/care-village-walkthrough-poster.960x540.webp', 2026, false, 5, 'Charity');

-- Testimonials: five published (one without a photo) and a draft.
insert into public.testimonials (id, name, quote, image_url, year, published, sort_order) values
  ('00000006-0000-4000-8000-000000000001', 'Sarah and James Whitfield', 'Seven days, five countries and the friendliest convoy we have ever been part of. Knowing every mile helped the care village made the hairpins even sweeter.', 'seed/people/sarah-james-whitfield.400x400.webp', 2025, true, 1),
  ('00000006-0000-4000-8000-000000000002', 'Tom Barker', 'I signed up for the driving and came back with thirty new friends. The organisation was faultless from Folkestone to Annecy.', 'seed/people/tom-barker.400x400.webp', 2024, true, 2),
  ('00000006-0000-4000-8000-000000000003', 'Priya Sharma', 'Crossing the Stelvio Pass in a twenty-year-old hatchback is something I will never forget, and neither will my co-driver.', 'seed/people/priya-sharma.400x400.webp', 2023, true, 3),
  ('00000006-0000-4000-8000-000000000004', 'Graham Ellis', 'We started this rally with a handful of cars and a big idea. Seeing it grow each year, for causes this close to our hearts, is wonderful.', 'seed/people/graham-ellis.400x400.webp', 2019, true, 4),
  ('00000006-0000-4000-8000-000000000005', 'Helen and Mark Doyle', 'Brilliant routes, lovely hotels and a cause that matters. We have already booked our place for 2026.', null, 2025, true, 5),
  ('00000006-0000-4000-8000-000000000006', 'Oliver Grant', 'Draft: quote awaiting approval from Oliver.', 'seed/people/oliver-grant.400x400.webp', 2025, false, 6);

-- Events: one of each type, and a draft.
insert into public.events (id, name, starts_on, ends_on, date, time, location, type, description, status, attendees, image_url, published, image_alt) values
  ('00000007-0000-4000-8000-000000000001', '2026 Europe Rally', '2026-06-22', '2026-06-28', '', '08:00 departure', 'Folkestone, Kent', 'Main Rally', 'Seven days from the UK to the Austrian Alps through Germany, Italy, Switzerland and France, raising money for rare-genetic-condition research and the care village.', 'Registration Open', '40 cars expected', 'seed/events/europe-rally-2026.1200x675.webp', true, 'Rally cars lined up at the Folkestone start, ready for the 2026 departure'),
  ('00000007-0000-4000-8000-000000000002', 'Spring Drivers'' Meetup', '2026-04-18', null, '', '10:00-15:00', 'Brooklands Museum, Weybridge', 'Meetup', 'Meet your fellow crews, get your car checked over and collect your route-book binder.', 'Registration Open', '60 drivers', 'seed/events/spring-meetup.1200x675.webp', true, 'Drivers chatting beside their cars on the Brooklands Museum lawn'),
  ('00000007-0000-4000-8000-000000000003', 'Rally Preparation Workshop', '2026-05-10', null, '', '09:30-13:00', 'Ridgeway Garage, Wantage', 'Workshop', 'Hands-on advice on servicing, spares and packing for a week of mountain driving.', 'Places Limited', '20 teams', 'seed/events/preparation-workshop.1200x675.webp', true, 'A mechanic showing a crew how to check a car''s engine in a garage workshop'),
  ('00000007-0000-4000-8000-000000000004', 'Charity Auction and Dinner', '2026-05-15', null, '', '19:00', 'The King''s Head Hotel, Cirencester', 'Fundraiser', 'A three-course dinner and auction of donated prizes, with every penny going to our two causes.', 'Tickets Available', '120 guests', 'seed/events/auction-dinner.1200x675.webp', true, 'A candle-lit dinner table set for the charity auction'),
  ('00000007-0000-4000-8000-000000000005', 'Post-Rally Reunion', '2026-09-12', null, 'September 2026 (date TBC)', '12:00', 'To be confirmed', 'Meetup', 'Photos, stories and the final fundraising total.', 'Coming Soon', 'All 2026 crews', null, false, '');

-- Past tours: the four rallies so far, and the 2026 tour as a draft.
insert into public.past_tours (id, year, route, participants, funds_raised, miles, image_url, published) values
  ('00000008-0000-4000-8000-000000000001', 2025, 'Portsmouth – Normandy – Loire – Route Napoléon – Col de la Bonette – Turin', 34, '£14,800', 2250, 'seed/tours/2025-col-de-la-bonette-pass.1200x675.webp', true),
  ('00000008-0000-4000-8000-000000000002', 2024, 'Folkestone – Luxembourg – Rhine Valley – Swiss Alps – Lake Annecy', 30, '£12,400', 2100, 'seed/tours/2024-swiss-alps-and-lake-annecy.1200x675.webp', true),
  ('00000008-0000-4000-8000-000000000003', 2023, 'Dover – Champagne – Black Forest – Stelvio Pass – Lake Garda', 24, '£9,400', 1900, 'seed/tours/2023-stelvio-pass-hairpins.1200x675.webp', true),
  ('00000008-0000-4000-8000-000000000004', 2019, 'London – Reims – Strasbourg – Lucerne – Lake Como', 18, '£6,200', 1650, 'seed/tours/2019-lake-como-convoy.1200x675.webp', true),
  ('00000008-0000-4000-8000-000000000005', 2026, 'UK – Germany – Austria – Italy – Switzerland – France (mystery route)', 0, '£0', 0, null, false);

-- Contact messages (only administrators can read them).
insert into public.contact_messages (id, name, email, phone, subject, message, created_at) values
  ('00000009-0000-4000-8000-000000000001', 'Rachel Moore', 'rachel.moore@example.com', '07700 900123', 'rally', 'Can a 1990s Land Rover Defender take part, or is there an age limit for cars?', '2026-03-05 09:12:00+00'),
  ('00000009-0000-4000-8000-000000000002', 'David Chen', 'd.chen@example.co.uk', null, 'sponsorship', 'Our firm would like to sponsor a car. Could you send the Tier 2 details?', '2026-03-08 14:40:00+00'),
  ('00000009-0000-4000-8000-000000000003', 'Anna Kowalski', 'anna.k@example.org', null, 'charity', 'How can our school raise money for the care village?', '2026-03-11 16:05:00+00');

-- Site settings and the 2026 edition come from the migrations (capacity 12, the organisation and
-- fundraising keys). The site's "raised to date" is the rallies' and past tours' funds plus an
-- offline adjustment (funds_raised_to_date()): the demo's published tours above account for all
-- of it, so the adjustment the migration kept from the old hand-typed total is none here.
update public.site_settings set value = '0' where key = 'fundraising_adjustment';

-- The media library's default alt text for the demo images: what the rows that show them say.
-- The files' sizes and variants are filled in as the files are stored (the storage triggers).
insert into public.media_files (path, alt)
select distinct on (path) path, alt from (
  select url as path, alt from public.gallery_images
  union all select image_url, image_alt from public.news_articles where image_url is not null
  union all select url, alt from public.news_article_images
  union all select logo_url, logo_alt from public.sponsors where logo_url is not null
  union all select image_url, image_alt from public.events where image_url is not null
) described
where alt <> ''
order by path, alt
on conflict (path) do nothing;

-- Page heroes (issue 15): a photograph behind each main page's headline, chosen from scenes the
-- seed draws (supabase/seed-media) at the widest variant width, and listed in the media library.
update public.site_settings set value = case key
  when 'hero_home' then 'seed/heroes/alps-pass-convoy-hairpins.1920x1080.webp'
  when 'hero_rally' then 'seed/heroes/lake-como-mountain-road-cars.1920x1080.webp'
  when 'hero_sponsors' then 'seed/heroes/town-square-rally-cars-lined.1920x1080.webp'
  when 'hero_videos' then 'seed/heroes/valley-forest-convoy-drive.1920x1080.webp'
  when 'hero_sign_up' then 'seed/heroes/summit-switchbacks-mini-drive.1920x1080.webp'
  when 'hero_gallery' then 'seed/heroes/vineyard-lanes-convoy-golden.1920x1080.webp'
  when 'hero_news' then 'seed/heroes/dover-ferry-crossing-cars-dawn.1920x1080.webp'
  when 'hero_about' then 'seed/heroes/village-square-families-meetup.1920x1080.webp'
  when 'hero_contact' then 'seed/heroes/lake-shoreline-cars-sunset.1920x1080.webp'
  else value end
where key in ('hero_home', 'hero_rally', 'hero_sponsors', 'hero_videos', 'hero_sign_up',
  'hero_gallery', 'hero_news', 'hero_about', 'hero_contact');

insert into public.media_files (path, alt) values
  ('seed/heroes/alps-pass-convoy-hairpins.1920x1080.webp', 'A convoy of rally cars on the hairpins of an Alpine pass'),
  ('seed/heroes/lake-como-mountain-road-cars.1920x1080.webp', 'Rally cars on a lakeside road below the mountains'),
  ('seed/heroes/town-square-rally-cars-lined.1920x1080.webp', 'Rally cars lined up in a town square'),
  ('seed/heroes/valley-forest-convoy-drive.1920x1080.webp', 'A convoy driving through a forested valley'),
  ('seed/heroes/summit-switchbacks-mini-drive.1920x1080.webp', 'A car climbing the switchbacks to a summit'),
  ('seed/heroes/vineyard-lanes-convoy-golden.1920x1080.webp', 'A convoy of rally cars on vineyard lanes in golden light'),
  ('seed/heroes/dover-ferry-crossing-cars-dawn.1920x1080.webp', 'Rally cars on the ferry crossing from Dover at dawn'),
  ('seed/heroes/village-square-families-meetup.1920x1080.webp', 'Families meeting the rally crews in a village square'),
  ('seed/heroes/lake-shoreline-cars-sunset.1920x1080.webp', 'Rally cars parked on a lake shoreline at sunset')
on conflict (path) do nothing;

-- The 2026 edition's balance due date (the editions migration creates the edition without one),
-- so a local team's page shows a whole statement: "Balance £3,700 due by 1 May 2026". Local data
-- only: on a hosted project the organiser sets it on the Editions screen.
update public.editions set balance_due = '2026-05-01' where year = 2026 and balance_due is null;
