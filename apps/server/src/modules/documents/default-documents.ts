import { brand } from '@app/contracts/brand';
import { DEFAULT_SPEND_PAGE_NAME } from '@app/contracts/documents-paths';

/**
 * The documents the product ships with (original text written for this project). They are loaded into the
 * documents table when missing; the operator edits the rows to change them.
 */
export interface DefaultDocument {
  name: string;
  title: string;
  html?: string;
  json?: unknown;
}

const { name: scheme, retailer, fuelPartner, careline } = brand;

/**
 * Help-centre tokens (docs/product/signed-in-pages.md §S2.6): the app turns `{{quote}}` into ' and `{{lf}}`
 * into a line break.
 */
const q = '{{quote}}';
const lf = '{{lf}}';

export const DEFAULT_DOCUMENTS: DefaultDocument[] = [
  {
    // The spend page's header name (GET /c/api/spend-document/name): the operator renames the page here.
    name: 'spend-document',
    title: 'Spend page',
    json: { name: DEFAULT_SPEND_PAGE_NAME },
  },
  {
    name: 'registration/privacy-policy-short',
    title: 'Privacy summary',
    html: `<p>We use your details to run your ${scheme} account: to give you points, show you offers and keep your account safe.</p>
<p>When you shop with ${retailer}, ${fuelPartner} or another partner using your card, we record what you bought so we can add your points and tailor your offers. We never sell your details.</p>
<p>You choose whether we contact you with marketing, and you can change your mind at any time in your account settings.</p>`,
  },
  {
    name: 'registration/businessOffersPage',
    title: 'Business offers',
    json: {
      description: `Run a small business? Tell us and we'll add offers picked for businesses to your ${scheme} account, alongside your personal ones. You can stop them at any time.`,
    },
  },
  {
    // The business offers step's 'Business Rules' link (docs/product/registration-and-sign-in.md §R2;
    // ADR 037): the rules of business offers, apart from the collector rules every card holder agrees to.
    name: 'business-rules',
    title: 'Business Rules',
    html: `<p>These rules apply when you ask for business offers on your ${scheme} account. The ${scheme} collector rules apply as well.</p>
<h2>1. Who can have business offers</h2>
<p>A card holder aged 18 or over who owns or runs a business in the UK with fewer than 250 employees, and who told us its name, size and what it does.</p>
<h2>2. What you get</h2>
<p>Offers picked for your business appear in your account next to your personal offers. Points from business offers go to the same card as your personal points.</p>
<h2>3. Using business offers</h2>
<p>Business offers are for purchases for the business. Each offer has its own terms, shown with the offer, and can be used only by the account it was given to.</p>
<h2>4. Your business details</h2>
<p>We use the business details you gave us only to choose business offers. Keep them up to date; we may stop business offers if they are wrong.</p>
<h2>5. Stopping business offers</h2>
<p>You can stop business offers at any time in your account, or by calling us on ${careline.phone} (${careline.hours}). Your points stay on your card.</p>`,
  },
  {
    name: 'collector-rules',
    title: 'Collector rules',
    html: `<p>These rules apply to everyone who holds a ${scheme} card. By using your card or your online account you agree to them.</p>
<h2>1. Your card and account</h2>
<p>A card is for one person aged 16 or over who lives in the UK. Keep your card number and password to yourself; you are responsible for points spent with them until you tell us they have been lost or misused.</p>
<h2>2. Collecting points</h2>
<p>You collect points when you show your card, or your digital card, when you pay with a participating partner. Each partner sets how many points you get. Points usually appear within 48 hours.</p>
<h2>3. Spending points</h2>
<p>Points can be spent with partners that accept them. Points have no cash value and cannot be sold or transferred, except where we offer a conversion with a linked partner.</p>
<h2>4. Offers</h2>
<p>Personalised offers have their own terms, shown with the offer. An offer can be used only by the account it was given to.</p>
<h2>5. Ending your account</h2>
<p>You can close your account at any time. We may close an account that breaks these rules. Points not spent within 12 months of an account's last activity may expire; we will tell you first.</p>
<h2>6. Contact</h2>
<p>Call us on ${careline.phone} (${careline.hours}).</p>`,
  },
  {
    name: 'privacy-policy',
    title: 'Privacy policy',
    html: `<p>This policy explains what information ${scheme} holds about you, why, and the choices you have.</p>
<h2>What we collect</h2>
<ul><li>Details you give us: name, email address, postal address, date of birth, mobile number.</li><li>Your card activity: where and when you used your card, and what you bought with participating partners.</li><li>How you use our website and app, where you allow it.</li></ul>
<h2>Why we use it</h2>
<ul><li>To run your account and add and spend your points.</li><li>To choose offers and content that suit you.</li><li>To keep your account and the scheme safe from fraud.</li><li>To meet our legal duties.</li></ul>
<h2>Who we share it with</h2>
<p>Partners see the activity that happens with them. Service providers who help run the scheme process data only on our instructions. We never sell your information.</p>
<h2>Your rights</h2>
<p>You can ask for a copy of your data, ask us to correct or delete it, object to its use for marketing, and complain to the Information Commissioner's Office.</p>
<h2>How long we keep it</h2>
<p>We keep your information while your account is open and for up to 7 years afterwards where the law requires.</p>`,
  },
  {
    name: 'cookie-policy',
    title: 'Cookie policy',
    html: `<p>Cookies are small files a website stores on your device. We use two kinds.</p>
<h2>Essential cookies</h2>
<p>These keep you logged in, remember your cookie choice and protect your account. The site does not work without them, so they are always on.</p>
<h2>Marketing cookies</h2>
<p>With your permission, these let us and our partners show you relevant ${scheme} offers on other websites and measure how well our advertising works. They are off until you accept them.</p>
<h2>Changing your choice</h2>
<p>Clear this site's cookies in your browser and we will ask again on your next visit.</p>`,
  },
  {
    name: 'terms-of-use',
    title: 'Terms of use',
    html: `<p>These terms cover your use of the ${scheme} website and app.</p>
<h2>Using the site</h2>
<p>Use the site only for lawful purposes and only with your own account. Do not try to get around its security or disrupt it for others.</p>
<h2>Content</h2>
<p>Content on the site belongs to ${scheme} or its partners. Offers and prices shown can change, and apply only as their own terms say.</p>
<h2>Availability</h2>
<p>We work to keep the site available but may take it offline for maintenance. Points collected while it is unavailable are added afterwards.</p>`,
  },
  {
    name: 'accessibility',
    title: 'Accessibility statement',
    html: `<p>We want everyone to be able to use the ${scheme} website. We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.</p>
<h2>What you can expect</h2>
<ul><li>Every page works with a keyboard and with screen readers.</li><li>Text can be zoomed to 200% without losing content.</li><li>Colours have enough contrast to read easily.</li></ul>
<h2>Tell us about a problem</h2>
<p>If something does not work for you, call ${careline.phone} (${careline.hours}) and we will help and fix it.</p>`,
  },
  {
    name: 'participating-companies',
    title: 'Participating companies',
    html: `<p>You can collect and spend ${scheme} points with these companies, each under its own offer terms:</p>
<ul><li>${retailer}, in store and online</li><li>${fuelPartner} service stations</li><li>${brand.airlinePartner}, through points conversion</li><li>${brand.hotelPartner}, through points conversion</li><li>Hundreds of online shops through ${scheme} eShops</li></ul>
<p>The list changes as partners join and leave; the brands page always shows the current partners.</p>`,
  },
  {
    name: 'staying-safe-online',
    title: 'Staying safe online',
    html: `<p>We will never ask for your password or a security code by email, text or phone.</p>
<ul><li>Use a password you do not use anywhere else.</li><li>Check the address bar before you log in.</li><li>If a message about your points looks odd, do not click its links: open the app or type our address yourself.</li></ul>
<p>If you think someone has used your account, change your password and call ${careline.phone}.</p>`,
  },
  {
    name: 'hotels-policy',
    title: `${brand.hotelPartner} policy`,
    html: `<p>When you link your ${scheme} account with ${brand.hotelPartner}, we share your ${scheme} card number and points balance with them so you can convert points. ${brand.hotelPartner} shares back the points you convert.</p>
<p>You can unlink at any time from Linked partners in your account.</p>`,
  },
  {
    name: 'eshops-terms-and-conditions',
    title: 'eShops terms and conditions',
    html: `<p>Points for eShops purchases are added when the shop confirms your order, usually within 30 days, and only if you start your visit from the ${scheme} site or app and accept the shop's cookies.</p>
<p>Returned or cancelled orders do not earn points.</p>`,
  },
  {
    name: 'third-party-cookies',
    title: 'Third-party cookies',
    html: `<p>With your permission, advertising partners place cookies that help show you ${scheme} offers on other sites and count how many people respond. They are off until you accept marketing cookies.</p>`,
  },
  {
    name: 'rewards-conditions',
    title: 'Rewards conditions',
    html: `<p>Rewards such as vouchers and surprise points are personal, cannot be exchanged for cash and must be used by the date shown. A voucher can be used once.</p>`,
  },
  {
    name: 'notifier-terms-of-service',
    title: 'Notifier terms of service',
    html: `<p>The notifier tells you in the app when new offers, points or vouchers arrive. You can turn notifications off at any time in your device settings.</p>`,
  },
  {
    name: 'faqs',
    title: 'Help centre',
    json: [
      {
        id: 1,
        title: 'Collecting points',
        questions: [
          {
            question: 'When will my points appear?',
            answer: `Points usually appear within 48 hours. Some partners take a little longer.${lf}If they haven${q}t arrived after 30 days, let us know.`,
          },
          {
            question: 'Can I use my digital card everywhere?',
            answer: `Right now the digital card works at ${retailer} and ${fuelPartner}. We${q}re adding more places.`,
          },
        ],
      },
      {
        id: 2,
        title: 'Spending points',
        questions: [
          {
            question: 'How much are my points worth?',
            answer: `Every 200 points are worth £1 when you spend them at ${retailer}.`,
          },
        ],
      },
      {
        id: 3,
        title: 'Your account',
        questions: [
          {
            question: 'How do I change my password?',
            answer: 'Go to Account, then Change your password. You will need your current password.',
          },
          {
            question: `I${q}ve forgotten my password`,
            answer: `Choose ${q}Forgotten your password?${q} on the log in page and we${q}ll email you a link to choose a new one. The link works for 1 hour.`,
          },
        ],
      },
      {
        id: 4,
        title: 'Your card',
        questions: [
          {
            question: 'How do I use my digital card?',
            answer: `At the till, when you${q}re asked for your card, face the barcode towards the scanner.${lf}Set your screen brightness to 80% or higher if it doesn${q}t scan first time.`,
          },
          {
            question: `My card is lost or stolen`,
            answer:
              'Go to Account, then Replace your card. We block the old card straight away and keep your points.',
          },
        ],
      },
      {
        id: 5,
        title: 'Offers',
        questions: [
          {
            question: 'What is a saved offer?',
            answer: `A saved offer is loaded onto your card: buy the product with your card and the bonus points are added.${lf}Pin the offers you don${q}t want to forget; remove one you no longer want.`,
          },
          {
            question: `What are ${scheme} Prices?`,
            answer: `Lower prices on selected products at ${retailer} for members who have registered online and are 18 or over. Scan your card and you pay the lower price at the till.`,
          },
        ],
      },
      {
        id: 6,
        title: 'Contact and feedback',
        questions: [
          {
            question: 'How do I tell you about a problem with the website?',
            answer: `Use <a href="/feedback">Feedback</a> to tell us what happened. We read every message.`,
          },
          {
            question: 'How do I speak to someone?',
            answer: `Call us on ${careline.phone} (${careline.hours}).`,
          },
        ],
      },
    ],
  },
  {
    name: 'reg-help',
    title: 'Help with registering',
    json: [
      {
        title: 'Your card number',
        questions: [
          {
            question: 'Where is my card number?',
            answer: `It${q}s the long number on the back of your plastic card. Enter the last 11 numbers: the first 8 are already filled in.`,
          },
          {
            question: `I don${q}t have my card with me`,
            answer: `Call us on ${careline.phone} (${careline.hours}) and we${q}ll find your number for you.`,
          },
        ],
      },
      {
        title: 'Your email',
        questions: [
          {
            question: `I haven${q}t received the email`,
            answer: `Check your junk folder. It can take a few minutes to arrive.${lf}You can ask us to send it again from the same page.`,
          },
        ],
      },
    ],
  },
];
