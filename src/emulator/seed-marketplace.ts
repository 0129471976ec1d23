// A seeded group of realistic chat, "marketplace": a neighbourhood buy-and-sell group where a few
// scam messages (gift-card codes, prize fees, bank logins, each in its own words) sit among many
// ordinary messages on the same topics (gift cards, prizes, banking, paying people back), so a
// sentence-similarity preview has both to tell apart. Added after everything else the seed
// makes, from a PRNG of its own, so the other groups, messages and calls stay as they were.
import { createPrng } from './prng.js';
import type { EmulatorGroup, EmulatorMessage, EmulatorUser } from './data-schema.js';

export const MARKETPLACE_GROUP = 'marketplace';

/** Scam messages: paraphrases of the sentences in keywords/scam-sentences.yaml, never the sentences themselves. */
export const MARKETPLACE_SCAMS: readonly string[] = [
  // gift-card codes
  "hey it's me, stuck in a meeting. can you grab 4 Apple gift cards and send me the codes? I'll pay you back tonight",
  'Quick favor: buy two $100 Google Play cards and text me pictures of the codes, I will repay you first thing tomorrow',
  'I need you to purchase some gift cards for a client, scratch the back and send me the numbers, you will be reimbursed',
  'can you send me the steam card codes? I promise I will pay you back on friday',
  'Please get iTunes gift cards worth $300 and send the codes here, I will refund you later today',
  "send me the codes from the gift cards asap, I'll give you the money back",
  'my card got blocked, could you buy an amazon gift card and message me the code? will pay you back double',
  "just send the gift card numbers and the pin, I'll transfer the money back to you tomorrow",
  // prize fees
  'Congratulations! You have been selected as the winner of our giveaway. Pay a small $20 processing fee to claim your prize',
  'You won an iPhone 15! To receive it just cover the $9.99 shipping fee at the link below',
  'WINNER!! your number was drawn in our lottery, send the $50 release fee to collect your $5,000 reward',
  "you've won a free cruise, claim it today by paying the registration fee",
  'Dear member, you are our lucky winner. Transfer the clearance fee and the prize money will be sent to you',
  'Your raffle ticket won the grand prize! A handling fee must be paid before we can release it to you',
  'claim your cash prize now, you only have to pay the tax fee upfront',
  // bank logins
  'This is the bank security team, please send your online banking username and password so we can stop the transfer',
  'I can send you the money but I need your bank login details to deposit it directly',
  "give me your banking password and I'll move the funds into your account for you",
  'To receive the payment, share your bank account login and the code we text you',
  'your account has been locked, reply with your bank login and PIN to verify it',
  "send me your netbanking user id and password, I'll transfer the money myself",
  "I need access to your bank account to wire the refund, what's your login?",
];

/** Ordinary messages, many on the scams' topics: what a good sentence list leaves alone. */
export const MARKETPLACE_ORDINARY: readonly string[] = [
  // gift cards
  'I got a $50 Amazon gift card for my birthday, any book recommendations?',
  'Does anyone know if Target gift cards work online too?',
  'Grandma sent me a gift card again lol, she never changes',
  'Gift cards are such a lazy present but honestly I love getting them',
  'The coffee shop on Elm gives you a free drink after 10 stamps',
  'Selling a $25 Starbucks gift card for $20 if anyone wants it, cash at pickup',
  'Just redeemed my Steam gift card, finally buying that game',
  'Where do I enter the gift card code in the app? I cannot find it',
  "PSA: nobody legit will ask you to pay with gift cards. If a 'friend' texts asking for codes, call them first",
  'My mom almost fell for a gift card scam yesterday, someone pretended to be her boss',
  'Checked the balance on my gift card, $12.40 left',
  'Is there a gift card for the cinema? Want to get one for Sam',
  "We pooled money for a group gift card for Maria's farewell, thanks everyone!",
  'Does the bookstore gift card expire? Found one from 2021 in a drawer',
  'The hardware store gave me store credit instead of a refund, annoying',
  'Anyone want to swap a Best Buy gift card for an IKEA one?',
  'I always forget I have gift cards until they expire',
  'Got a restaurant voucher at the office party, who wants to come for dinner?',
  // paying people back
  'Did you pay me back for the concert tickets? no rush',
  "I'll pay you back for lunch tomorrow, forgot my wallet",
  'Can someone send me the link to the shared expenses sheet?',
  'I owe you $15 for the pizza, sending it now',
  'Thanks for covering the taxi, I sent you the money',
  'Splitting the cabin rental four ways, that is $112 each',
  'Paid you back for the groceries, check your account',
  'Whoever bought the birthday cake, tell me how much I owe',
  'I lent my neighbour $20 and she paid me back with cookies, best deal ever',
  'Can I pay you for the bike in two parts? Half now, half Friday',
  // prizes and contests
  'Our team won first prize at the hackathon!',
  'The school raffle prize is a bike this year, tickets are $2 each',
  'Did anyone actually claim the prize from the quiz night?',
  'I won a free coffee from the loyalty app haha',
  'The photo contest winners get announced on Friday',
  'Entry fee for the 5k run is $15, there are prizes for the top three',
  'Congrats to Priya for winning the bake-off!',
  'The library is running a reading challenge, the prize is a tote bag',
  'We won the pub quiz again, the prize was a bar tab',
  'Raffle tickets for the animal shelter are on sale at the front desk',
  'Anyone going to the fair? They have those impossible ring toss prizes',
  'My kid won a goldfish at the carnival, now we need a tank',
  'The community garden contest has a $100 prize for the best plot',
  'I never win anything, 20 years of raffles and nothing',
  'Reminder: real giveaways never ask you to pay a fee to get your prize',
  'Lottery jackpot is huge this week, anyone chipping in for a group ticket?',
  // banking
  'The bank transfer should arrive by Monday',
  'My bank app has been down all morning, anyone else?',
  'Does anyone here use the credit union? Is their online banking any good?',
  'I transferred the rent, let me know when it shows up',
  'Reminder: the bank will never ask for your password in a message',
  'I forgot my banking password again and had to reset it',
  'Setting up two-factor on my bank account took forever',
  'Can you send me your account number so I can transfer the money for the tickets?',
  'Is the branch on Main Street open on Saturdays?',
  'Got a text saying my account was locked, it was fake, the bank confirmed',
  'The ATM ate my card, spent an hour at the branch',
  'Wire transfers abroad cost a fortune, any cheaper options?',
  'I finally opened a savings account for the kids',
  'The bank changed its app again and now I cannot find anything',
  'Direct deposit came early this month, nice surprise',
  'My card expired and the new one has not arrived yet',
  'Anyone know how long a cheque takes to clear these days?',
  'Switched banks last month, so much less in fees',
  // buying and selling
  'Selling a kids bike, blue, 16 inch, $40. DM me',
  'Is the sofa still available?',
  'Free to a good home: a box of picture frames, pick up on Oak Ave',
  'Looking for a second hand lawn mower, anyone selling?',
  'Price drop on the dining table: now $120',
  'Can I pick up the lamp after 6pm?',
  'Sold, thanks everyone!',
  'Does anyone have a ladder I could borrow this weekend?',
  'Moving sale on Saturday from 9 to 2, lots of furniture',
  'Would you take $30 for the bookshelf?',
  'The stroller is in great condition, barely used',
  'Still looking for a cheap desk for my daughter',
  'I can deliver if you are within 5 miles',
  'Cash or bank transfer, whatever works for you',
  'Is the price negotiable?',
  'Pending pickup, will update if it falls through',
  'Anyone selling winter tyres, 205/55 R16?',
  'Giving away moving boxes, about 20 of them',
  'Can you hold it until tomorrow? I get paid in the morning',
  'The guitar comes with a case and a spare set of strings',
  'Please mark the post as sold so people stop asking',
  'Meet at the library parking lot for the exchange?',
  'I can pay by card if you have one of those readers',
  'Looking for a used piano, must be in tune-able shape',
  'Anyone want half a bag of potting soil?',
  'Selling my old phone, factory reset, with charger, $90',
  'Sorry, the chairs went to the first person who replied',
  'Is the microwave still up for grabs?',
  'Bought the blender, works great, thanks Lars!',
  'Wanted: a kids car seat in good condition',
  // neighbourhood life
  'Has anyone seen a grey cat near the bakery? She got out this morning',
  'The street party is on the 14th, bring a dish to share',
  'Power is out on the east side, anyone know why?',
  'Garbage pickup moved to Thursday this week because of the holiday',
  'Who is the plumber everyone recommends? Mine retired',
  'The farmers market has the first strawberries today',
  'Road works on Pine Street all week, take the long way round',
  'Thank you to whoever returned my wallet, everything was still in it!',
  'Is the pool open yet?',
  'Lost: a blue scarf near the bus stop',
  'Found keys on a red lanyard by the playground',
  'The new bakery does amazing sourdough',
  'Anyone up for a walk around the lake on Sunday?',
  'Our dog had puppies, looking for homes in a few weeks',
  'Who knows a good babysitter for Friday nights?',
  'The library book sale starts tomorrow, hardcovers $1',
  'Noise complaint: someone has been mowing at 7am on Sundays',
  'The playground swings are fixed finally',
  'Can anyone recommend a dentist that takes new patients?',
  'Looking for a running buddy, early mornings',
  'Book club is reading something short this month, promise',
  'Happy birthday to our oldest neighbour, 95 today!',
  'There is a fox living behind the school, the kids love it',
  'The community centre is hosting a free first aid class',
  'Yard waste bags are free at the town hall this month',
  'Anyone else hear the fireworks last night?',
  'Snow forecast for Thursday, time to find the shovels',
  'Carpool to the soccer tournament? We have two free seats',
  'Who left a bag of lemons on my porch? Thank you!',
  'The café is hiring weekend staff if anyone is looking',
  'Is the hardware store open late on Thursdays?',
  'The tree on the corner finally came down, crews are clearing it',
  'Looking for a math tutor for a 10 year old',
  'Found a stray dog, friendly, no collar, at the vet now',
  'The bus route changes next month, check the new timetable',
  'Anyone have a spare charger for an old Nikon camera?',
  // online safety talk
  'Heads up: someone is posting fake ads for concert tickets again',
  'If a listing asks for payment before you see the item, walk away',
  "My aunt's account got hacked and it messaged everyone asking for money",
  'Someone called pretending to be from the electric company, hung up on them',
  'Remember to turn on two-factor for this app too',
  'Scammers are copying profile pictures of group members, check before you reply',
  'Got an email saying I won a laptop, straight to spam',
  'The police posted a warning about fake parcel delivery texts',
  'Never send a deposit for a rental you have not seen in person',
  'Admins: can we pin a post about common scams?',
  // money and work, everyday
  'Payday cannot come soon enough',
  'Does anyone do taxes for a reasonable price?',
  'Saving up for a new fridge, ours is dying',
  'I finally paid off my car loan!',
  'Prices at the supermarket are wild lately',
  'Selling homemade jam to raise money for the school trip',
  'The fundraiser raised $2,300, thank you all',
  'Babysitting rates around here are about $15 an hour right?',
  'Anyone know a cheap place to print flyers?',
  'My paycheck was late again, HR says a bank delay',
  'Tipping at the car wash, yes or no?',
  'Coupon book for the local shops is out, good discounts',
  'Garage sale made $180, not bad for junk',
  'Does the post office do money orders still?',
  'Found $20 in an old jacket, best feeling',
  'Budget meeting for the block party is Tuesday',
  'We collected money for the crossing guard, card is at the café to sign',
  'Who handles the HOA fees now that Tom moved?',
  'The parking permit fee went up again',
  'Anyone selling tickets for the Saturday game? Happy to pay face value',
  // small talk
  'Good morning everyone!',
  'What a beautiful day today',
  'Thanks for the warm welcome, we just moved in',
  'Does anyone know what time the parade starts?',
  'lol that is exactly what happened to me',
  'Agreed, great idea',
  'See you all at the meeting tonight',
  'Thanks, that helps a lot',
  'Sorry for the late reply, busy week',
  'Has anyone tried the new Thai place?',
  'Welcome to the group, Diego!',
  'Anyone watching the game tonight?',
  'Cannot believe it is already November',
  'Sending good vibes to everyone with the flu this week',
  'Haha same here',
  'The sunset tonight was incredible',
];

/** Appends the marketplace group and its messages (ordinary and scam, interleaved) to the world. */
export function seedMarketplace(seed: number, baseTime: number, users: readonly EmulatorUser[], groups: EmulatorGroup[], out: EmulatorMessage[]): void {
  const prng = createPrng((seed ^ 0x5ca11ed) >>> 0);
  const group: EmulatorGroup = { guid: MARKETPLACE_GROUP, name: 'Marketplace', type: 'public', createdAt: baseTime - 86_400 * 20, readUpTo: {} };
  groups.push(group);
  // Interleaved in a fixed order: a scam now and then among the ordinary chat.
  const texts = [...MARKETPLACE_ORDINARY];
  MARKETPLACE_SCAMS.forEach((scam, i) => texts.splice(Math.min(texts.length, 5 + i * 8 + prng.int(0, 4)), 0, scam));
  let id = out.length;
  const firstId = id + 1;
  let sentAt = group.createdAt + 60;
  for (const text of texts) {
    id += 1;
    sentAt += prng.int(30, 3_600);
    out.push({ id, guid: group.guid, sender: prng.pick(users).uid, category: 'message', type: 'text', text, sentAt, mentions: [], attachments: [], tags: [], reactions: [], metadata: {} });
  }
  for (const user of users) group.readUpTo[user.uid] = prng.int(firstId, id);
}
