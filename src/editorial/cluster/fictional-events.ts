// Short fictional news reports (our own writing) for the cases that clustering must get right
// whatever its constants: near-verbatim wire copies, an event reported over two days, two
// different events that share names, a one-article event. The tests check them, and
// cross-validation only considers parameters that group every one of them correctly (as it
// does for the demo corpus), so no constant is chosen that breaks them.
import type { ClusterDocument } from "./cluster-documents.js";
import type { LabelledSet } from "./parameter-search.js";
import { HOUR_MS } from "../../time/cut-time.js";

const MONDAY_MS = Date.UTC(2026, 2, 9);

/** A report published `hour` hours after Monday 00:00 UTC; its event is its id's prefix. */
function report(
  id: string,
  hour: number,
  publisherDomain: string,
  title: string,
  text: string,
): ClusterDocument {
  return {
    id,
    title,
    text,
    language: "en",
    publishedAtMs: MONDAY_MS + hour * HOUR_MS,
    publisherDomain,
  };
}

const FERRY =
  "A passenger ferry ran aground off the island of Skarsholm early on Monday, and all 212 passengers and 18 crew were taken off safely, the coastguard said. The Nordvik Line ferry Astrid struck a sandbank in thick fog shortly after 5 a.m. on its crossing from Halden Bay. Coastguard spokeswoman Lena Moberg said lifeboats and two fishing boats carried the passengers to the harbour at Skarsholm. Nobody was seriously hurt. Nordvik Line said the hull was not breached and the ship would be towed off at high tide.";
/** Four copies of one wire story (retitled, trimmed, credited), a story on the same island, another. */
const WIRE_COPIES = [
  report(
    "ferry-1",
    6,
    "wire.example",
    "Ferry runs aground off Skarsholm; all 212 passengers rescued",
    FERRY,
  ),
  report(
    "ferry-2",
    6.5,
    "herald.example",
    "All 212 passengers rescued after ferry runs aground off Skarsholm",
    FERRY.replace(/ Nordvik Line said[^.]*\.$/u, ""),
  ),
  report(
    "ferry-3",
    7,
    "post.example",
    "Ferry aground off Skarsholm, 212 passengers safe",
    `SKARSHOLM (Wire) - ${FERRY.replace("early on Monday", "on Monday morning")} (Reporting by Wire staff; editing by the news desk)`,
  ),
  report(
    "ferry-4",
    8,
    "gazette.example",
    "Ferry runs aground off Skarsholm",
    `${FERRY.split(". ").slice(0, 3).join(". ")}.`,
  ),
  report(
    "harbour",
    7.5,
    "herald.example",
    "Skarsholm council approves new harbour wall",
    "Skarsholm council voted on Friday to build a new harbour wall after winter storms damaged the old one. The wall will cost 4.2 million crowns and should be finished in two years, council leader Per Axelsen said. Fishermen had asked for the repair since the storm in January.",
  ),
  report(
    "library",
    9,
    "post.example",
    "Brenmouth library reopens after two-year renovation",
    "The central library in Brenmouth reopened on Monday after a two-year renovation that added a children's wing and a roof garden. About 3,000 visitors came on the first day, the city said.",
  ),
];
/** A wildfire reported on Monday evening and by other outlets on Tuesday; a match in the same town. */
const TWO_DAY_FIRE = [
  report(
    "fire-1",
    17,
    "state-wire.example",
    "Wildfire forces 3,000 from homes near Dunmore Ridge",
    "A wildfire driven by strong winds forced about 3,000 people to leave their homes near Dunmore Ridge on Monday evening, fire officials said. The fire started in dry grassland east of the town and had burned 1,200 hectares by nightfall. Fire chief Aron Hale said 300 firefighters and four water-bombing aircraft were fighting the blaze.",
  ),
  report(
    "fire-2",
    18.5,
    "ridge-news.example",
    "Dunmore Ridge evacuated as grass fire spreads",
    "Residents of Dunmore Ridge were ordered out of their homes on Monday as a grass fire spread toward the eastern edge of the town. About 3,000 people went to shelters in schools and a sports hall. The county fire service said gusts of up to 70 km/h pushed the flames across 1,200 hectares.",
  ),
  report(
    "fire-3",
    21,
    "valley-times.example",
    "Winds fan wildfire near Dunmore Ridge, 300 firefighters deployed",
    "Strong winds fanned a wildfire near Dunmore Ridge late on Monday, and fire chief Aron Hale said crews would work through the night to protect homes on the eastern edge of town. Some 3,000 residents have been evacuated. Four aircraft dropped water on the fire before dark.",
  ),
  report(
    "fire-4",
    32,
    "national-daily.example",
    "3,000 evacuated as wildfire burns near Dunmore Ridge",
    "About 3,000 people spent the night in shelters after a wildfire forced them from their homes near Dunmore Ridge, fire officials said on Tuesday. The fire, which broke out in grassland east of the town on Monday afternoon, has burned about 1,500 hectares. Fire chief Aron Hale said no homes had been lost.",
  ),
  report(
    "fire-5",
    35,
    "morning-post.example",
    "Dunmore Ridge wildfire: residents wait in shelters",
    "Families evacuated from Dunmore Ridge waited in school halls on Tuesday as 300 firefighters battled the wildfire east of the town. Strong winds on Monday night spread the fire across some 1,500 hectares, the county fire service said. Water-bombing aircraft returned at first light.",
  ),
  report(
    "fire-6",
    39,
    "state-wire.example",
    "Dunmore Ridge fire 40% contained as winds ease",
    "Firefighters had contained 40 percent of the wildfire near Dunmore Ridge by Tuesday afternoon as the wind eased, fire chief Aron Hale said. The 3,000 evacuated residents may be allowed home on Wednesday. The fire has burned 1,500 hectares since Monday.",
  ),
  report(
    "cup",
    40,
    "ridge-news.example",
    "Dunmore Rovers win county cup final",
    "Dunmore Rovers beat Halden Athletic 2-1 in the county cup final on Tuesday night, with a late goal from captain Sami Orr. It is the club's first cup win in twelve years.",
  ),
];
/** Bitcoin's record on Monday and an exchange hack on Tuesday: two events, one name. */
const TWO_BITCOIN_STORIES = [
  report(
    "record-1",
    10,
    "markets.example",
    "Bitcoin tops $90,000 for the first time",
    "Bitcoin rose above $90,000 for the first time on Monday, extending a rally driven by heavy buying from exchange-traded funds. The largest cryptocurrency was up 4 percent at $90,450 in Asian trading. Analyst Mira Castell of Tellmark Research said fund inflows had reached $1.1 billion in a week.",
  ),
  report(
    "record-2",
    11,
    "money-daily.example",
    "Bitcoin breaks through $90,000 as fund buying grows",
    "The price of bitcoin passed $90,000 on Monday for the first time, after investors put $1.1 billion into bitcoin funds in a week. Bitcoin has gained 30 percent since January. Mira Castell of Tellmark Research said the record reflected demand from pension funds.",
  ),
  report(
    "record-3",
    12.5,
    "tech-ledger.example",
    "Record for bitcoin as price passes $90,000",
    "Bitcoin set a record on Monday, trading above $90,000 for the first time. Exchange-traded funds that hold the cryptocurrency have drawn $1.1 billion in new money this week, pushing the price up 4 percent in a day.",
  ),
  report(
    "hack-1",
    38,
    "markets.example",
    "Crypto exchange Velant halts withdrawals after $140 million hack",
    "Velant, a cryptocurrency exchange based in Singapore, stopped all withdrawals on Tuesday after hackers stole about $140 million in bitcoin and ether from its online wallets. Chief executive Jonas Reyer said customer balances would be covered from company reserves. Bitcoin fell 3 percent after the news.",
  ),
  report(
    "hack-2",
    39,
    "tech-ledger.example",
    "Hackers steal $140 million from Velant exchange",
    "Hackers took about $140 million in digital coins from Velant, the Singapore cryptocurrency exchange said on Tuesday, and it froze withdrawals while it investigates. Jonas Reyer, Velant's chief executive, said the attackers reached wallets that were kept online.",
  ),
  report(
    "hack-3",
    41,
    "money-daily.example",
    "Velant freezes withdrawals as it investigates theft",
    "Customers of Velant could not withdraw money on Tuesday after the Singapore-based exchange said hackers had stolen $140 million. The price of bitcoin slipped 3 percent. Velant said it would repay customers from its reserves.",
  ),
];
/** A missile test on Tuesday and a satellite launch on Wednesday: two North Korea launches. */
const TWO_NORTH_KOREA_LAUNCHES = [
  report(
    "missile-1",
    24,
    "asia-wire.example",
    "North Korea fires ballistic missile into sea off east coast",
    "North Korea fired a short-range ballistic missile into the sea off its east coast on Tuesday morning, South Korea's Joint Chiefs of Staff said. The missile flew about 600 kilometres before falling outside Japan's exclusive economic zone, Japan's defence ministry said. It was the third launch this year.",
  ),
  report(
    "missile-2",
    25,
    "seoul-daily.example",
    "North Korea launches short-range missile, Seoul says",
    "South Korea's military said North Korea launched a short-range ballistic missile from near Pyongyang on Tuesday. It flew about 600 kilometres east and landed in the sea. Japan said the missile fell outside its exclusive economic zone and caused no damage.",
  ),
  report(
    "missile-3",
    27,
    "world-report.example",
    "Pyongyang test-fires ballistic missile, its third this year",
    "Pyongyang test-fired a ballistic missile on Tuesday, its third launch of the year, according to the Joint Chiefs of Staff in Seoul. The missile travelled 600 kilometres before splashing down off the east coast. Tokyo protested through diplomatic channels.",
  ),
  report(
    "satellite-1",
    51,
    "asia-wire.example",
    "North Korea launches rocket carrying spy satellite",
    "North Korea launched a rocket carrying a military reconnaissance satellite on Wednesday, and state media said the satellite had reached orbit. South Korea's Joint Chiefs of Staff said the rocket flew south over the Yellow Sea. Japan briefly issued an emergency alert for Okinawa.",
  ),
  report(
    "satellite-2",
    52,
    "seoul-daily.example",
    "North Korea says spy satellite reached orbit",
    "North Korea said on Wednesday that its Malligyong-2 reconnaissance satellite had entered orbit after a launch from the Sohae site. The Joint Chiefs of Staff in Seoul said they were checking whether the satellite was working. Residents of Okinawa were told to take shelter for a few minutes.",
  ),
  report(
    "satellite-3",
    54,
    "world-report.example",
    "Japan issues Okinawa alert as North Korean rocket flies south",
    "Japan told residents of Okinawa to take cover on Wednesday as a North Korean rocket carrying a satellite flew south over the Yellow Sea. North Korea later said the Malligyong-2 satellite was in orbit. The United States called the launch a violation of UN resolutions.",
  ),
];
/** A bakery's prize, reported once, beside a council vote in the same city and a rate decision. */
const ONE_ARTICLE_EVENT = [
  report(
    "tram-1",
    9,
    "city-news.example",
    "Brenmouth council approves tram line to the airport",
    "Brenmouth city council approved a new tram line to the airport on Monday, after two years of debate. The 14-kilometre line will cost 620 million crowns and open in 2030, mayor Ines Dahl said. Opposition councillors said buses would be cheaper.",
  ),
  report(
    "tram-2",
    10,
    "regional.example",
    "Airport tram for Brenmouth gets the go-ahead",
    "Brenmouth will get a tram line to its airport after the city council voted 31 to 18 in favour on Monday. Mayor Ines Dahl said the 620-million-crown line would open in 2030 and carry 25,000 passengers a day.",
  ),
  report(
    "tram-3",
    12,
    "transit-weekly.example",
    "Brenmouth votes for 14 km airport tram",
    "Councillors in Brenmouth backed a 14-kilometre tram line to the airport on Monday. Construction starts next year; the line is due to open in 2030 at a cost of 620 million crowns.",
  ),
  report(
    "bakery",
    11,
    "city-news.example",
    "Brenmouth bakery wins national bread prize",
    "A small bakery in Brenmouth's old town won the national bread prize on Monday for its rye loaf. Owner Tove Lind, who opened the shop in 2019, said she would use the prize money to train two apprentices.",
  ),
  report(
    "rates-1",
    13,
    "regional.example",
    "Central bank holds interest rate at 3.5 percent",
    "The central bank kept its main interest rate at 3.5 percent on Monday, saying inflation was falling more slowly than expected. Governor Erik Salo said a cut was unlikely before the summer.",
  ),
  report(
    "rates-2",
    14,
    "markets.example",
    "Rates on hold at 3.5% as inflation lingers",
    "The central bank left borrowing costs unchanged at 3.5 percent on Monday. Governor Erik Salo said inflation of 3.1 percent was still too high for a cut before the summer.",
  ),
];

/** The event of a fictional report: its id before the "-" ("fire-3" → "fire", "cup" → "cup"). */
export function fictionalEvent(id: string): string {
  return id.split("-")[0]!;
}

function labelled(name: string, documents: ClusterDocument[]): LabelledSet {
  return {
    name: `fictional/${name}`,
    documents,
    labels: new Map(documents.map((document) => [document.id, fictionalEvent(document.id)])),
  };
}

/** Every fictional case, labelled by event. */
export const FICTIONAL_CASES: readonly LabelledSet[] = [
  labelled("wire-copies", WIRE_COPIES),
  labelled("two-day-event", TWO_DAY_FIRE),
  labelled("two-bitcoin-stories", TWO_BITCOIN_STORIES),
  labelled("two-north-korea-launches", TWO_NORTH_KOREA_LAUNCHES),
  labelled("one-article-event", ONE_ARTICLE_EVENT),
];
