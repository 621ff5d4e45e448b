/**
 * Practice questions for the door supervisor mock papers (issue 31, decision 355). Written for
 * this product from the topics of the qualification's units; not taken from any awarding body's
 * papers. Each: the question, four options, the index of the right one, a short explanation.
 */
export type PracticeQuestion = [
  question: string,
  options: [string, string, string, string],
  correct: number,
  explanation: string,
];

export type PracticeUnit = { title: string; questions: number; minutes: number; passPercent: number; bank: PracticeQuestion[] };

const unit1: PracticeQuestion[] = [
  [
    "What is the main purpose of the Private Security Industry Act 2001?",
    [
      "To set minimum wages for security staff",
      "To regulate the private security industry",
      "To give security staff police powers",
      "To license pubs and clubs",
    ],
    1,
    "The Act created the SIA and the licensing of the private security industry.",
  ],
  [
    "Which body issues front-line security licences in the UK?",
    ["The local council", "The police", "The Security Industry Authority", "The Home Office directly"],
    2,
    "The SIA issues and manages front-line licences.",
  ],
  [
    "How long does a front-line SIA licence normally last?",
    ["1 year", "2 years", "3 years", "5 years"],
    2,
    "Front-line licences such as door supervision last three years.",
  ],
  [
    "What must a licence holder do if they change their address?",
    ["Nothing until renewal", "Tell the SIA", "Tell their local police station", "Apply for a new licence"],
    1,
    "Licence holders must tell the SIA about changes such as a new address.",
  ],
  [
    "Which of these is a civil law matter rather than criminal law?",
    ["Theft", "Assault", "A dispute over an unpaid contract", "Criminal damage"],
    2,
    "Contract disputes are settled between the parties in the civil courts.",
  ],
  [
    "Under health and safety law, who has a duty to take reasonable care of their own safety at work?",
    ["Only the employer", "Only managers", "Every employee", "Only first aiders"],
    2,
    "Employees must take reasonable care of themselves and others affected by their work.",
  ],
  [
    "What is a risk assessment used for?",
    ["To decide staff pay", "To identify hazards and decide how to control them", "To record crimes", "To plan a rota"],
    1,
    "A risk assessment finds hazards, who may be harmed and the controls needed.",
  ],
  [
    "What does a blue safety sign with a white symbol mean?",
    ["Danger", "Mandatory action", "Safe condition", "Prohibition"],
    1,
    "Blue circular signs show something you must do, such as wear protection.",
  ],
  [
    "Which fire extinguisher is suitable for an electrical fire?",
    ["Water", "Foam", "Carbon dioxide (CO2)", "Wet chemical"],
    2,
    "CO2 does not conduct electricity, so it can be used on electrical fires.",
  ],
  [
    "What are the three parts of the fire triangle?",
    ["Heat, fuel and oxygen", "Smoke, heat and fuel", "Oxygen, water and heat", "Fuel, smoke and sparks"],
    0,
    "A fire needs heat, fuel and oxygen; removing one puts it out.",
  ],
  [
    "On discovering a fire, what should you do first?",
    ["Finish your patrol", "Raise the alarm", "Collect your belongings", "Open every window"],
    1,
    "Raising the alarm first gets everyone moving to safety.",
  ],
  [
    "What does the acronym RIDDOR relate to?",
    ["Reporting certain injuries and dangerous occurrences", "Licensing rules", "Search procedures", "Radio call signs"],
    0,
    "RIDDOR covers reporting injuries, diseases and dangerous occurrences.",
  ],
  [
    "Which is the best description of good customer care?",
    [
      "Serving only regular customers",
      "Treating people fairly, politely and helpfully",
      "Keeping conversations short",
      "Avoiding eye contact",
    ],
    1,
    "Good customer care means fair, polite and helpful treatment of everyone.",
  ],
  [
    "Why should notebook entries be made as soon as possible after an incident?",
    [
      "So they are accurate and can be used as evidence",
      "To finish the shift early",
      "Because the SIA checks them daily",
      "To avoid writing a report",
    ],
    0,
    "Notes made at the time are more accurate and carry more weight as evidence.",
  ],
  [
    "Which phonetic alphabet word stands for the letter D?",
    ["Denver", "Delta", "David", "Dog"],
    1,
    "The NATO phonetic alphabet uses Delta for D.",
  ],
  [
    "What does the government's 'Run, Hide, Tell' advice cover?",
    ["A fire evacuation", "A weapons or firearms attack", "A lost child", "A power cut"],
    1,
    "Run, Hide, Tell is the advice for a weapons or firearms attack.",
  ],
  [
    "Which of these could be a sign that a child is at risk of exploitation?",
    ["Arriving with friends", "Having unexplained gifts or money", "Asking for directions", "Wearing a school uniform"],
    1,
    "Unexplained gifts or money can be a sign of grooming or exploitation.",
  ],
  [
    "What does data protection law require of personal information you record?",
    [
      "Share it with anyone who asks",
      "Keep it secure and use it only for its purpose",
      "Keep it for ever",
      "Post it on social media",
    ],
    1,
    "Personal data must be kept secure and used only for the purpose it was collected.",
  ],
  [
    "What is the purpose of an incident report?",
    ["To blame a colleague", "To keep an accurate record of what happened", "To replace a notebook", "To claim overtime"],
    1,
    "Incident reports give an accurate record that can be relied on later.",
  ],
  [
    "A member of the public collapses and is not breathing. What should you do?",
    ["Wait for them to recover", "Call 999 and start CPR or get a first aider", "Give them water", "Move them outside first"],
    1,
    "Call for help and start CPR at once; every minute matters.",
  ],
  [
    "Which is an example of a 'hazard' at work?",
    ["A trailing cable across a walkway", "A fire exit sign", "A first aid kit", "A staff rota"],
    0,
    "A hazard is anything with the potential to cause harm.",
  ],
  [
    "Who should you report a suspicious unattended bag to?",
    [
      "Nobody, it is probably lost property",
      "Your supervisor or control room, following site procedure",
      "The bag's owner on social media",
      "The cleaners",
    ],
    1,
    "Follow site procedure and report it so it can be assessed safely.",
  ],
];

const unit2: PracticeQuestion[] = [
  [
    "What is an admission policy?",
    ["A list of drinks prices", "The venue's rules on who may enter", "The door supervisor's rota", "The licence fee"],
    1,
    "The admission policy sets out who may and may not be admitted.",
  ],
  [
    "Which Act sets out the four licensing objectives in England and Wales?",
    ["Licensing Act 2003", "Equality Act 2010", "Children Act 1989", "Data Protection Act 2018"],
    0,
    "The Licensing Act 2003 sets the four licensing objectives.",
  ],
  [
    "Which of these is one of the four licensing objectives?",
    ["Increasing profits", "The protection of children from harm", "Reducing opening hours", "Promoting live music"],
    1,
    "Protecting children from harm is one of the four objectives.",
  ],
  [
    "A door supervisor may search a customer entering the venue:",
    [
      "Whenever they like without asking",
      "Only with the customer's consent, as a condition of entry",
      "Only if the police are present",
      "Only if the customer is under 18",
    ],
    1,
    "Searches on entry are a condition of entry and need the person's consent.",
  ],
  [
    "Who should search a customer where possible?",
    [
      "Any member of staff",
      "A door supervisor of the same sex as the customer",
      "The venue manager only",
      "The customer's friend",
    ],
    1,
    "Where possible searches are carried out by someone of the same sex.",
  ],
  [
    "You find a controlled drug during a search. What should you do?",
    [
      "Throw it away",
      "Hand it back and refuse entry",
      "Follow venue policy, seize it and record it for the police",
      "Keep it in your pocket",
    ],
    2,
    "Seize it under venue policy, record the details and hand it to the police.",
  ],
  [
    "What is the legal age to buy alcohol in a pub in England and Wales?",
    ["16", "17", "18", "21"],
    2,
    "It is an offence to sell alcohol to anyone under 18.",
  ],
  [
    "Which of these is an acceptable proof of age document?",
    ["A gym membership card", "A photocard driving licence", "A bank statement", "A library card"],
    1,
    "Photo ID such as a photocard driving licence or passport is accepted.",
  ],
  [
    "A customer is clearly drunk and asks to come in. What should you do?",
    [
      "Let them in if they are a regular",
      "Refuse entry politely",
      "Let them in if their friends promise to look after them",
      "Ask them to walk in a straight line first",
    ],
    1,
    "Selling alcohol to someone drunk is an offence; refuse entry politely.",
  ],
  [
    "What should you do to preserve a crime scene?",
    [
      "Tidy it up for customers",
      "Keep people out and protect the area until the police arrive",
      "Move the evidence to the office",
      "Take items home for safe keeping",
    ],
    1,
    "Protect the scene and keep people out so evidence is not lost.",
  ],
  [
    "When may a door supervisor use force?",
    [
      "Whenever a customer is rude",
      "Only when it is reasonable, necessary and proportionate",
      "To teach a customer a lesson",
      "Only if told to by a customer",
    ],
    1,
    "Any force must be reasonable, necessary and proportionate in the circumstances.",
  ],
  [
    "What is the safest way to ask a customer to leave?",
    [
      "Push them towards the door",
      "Explain calmly why, and give them time and a route to leave",
      "Shout so others hear",
      "Take their drink away without a word",
    ],
    1,
    "Calm explanation with a clear exit route is the safest way to eject someone.",
  ],
  [
    "A vulnerable person is leaving the venue alone late at night. What should you consider?",
    [
      "It is not your concern once they leave",
      "Helping them get home safely, e.g. a taxi or calling a friend",
      "Letting them back in to buy more drinks",
      "Asking them to wait outside",
    ],
    1,
    "Door supervisors have a duty of care to vulnerable people leaving the venue.",
  ],
  [
    "What is 'dispersal' at the end of the night?",
    ["Clearing glasses", "Helping customers leave the area quickly and safely", "Locking the fire exits", "Counting the takings"],
    1,
    "Good dispersal reduces crowding, noise and disorder outside the venue.",
  ],
  [
    "Who can make a citizen's arrest for an indictable offence?",
    [
      "Only the police",
      "Any person, under the conditions in the law",
      "Only door supervisors with a special licence",
      "Only the venue's owner",
    ],
    1,
    "Any person may arrest for an indictable offence within the conditions of the law.",
  ],
  [
    "After making an arrest, you must:",
    [
      "Let the person go after a warning",
      "Hand the person to the police as soon as possible",
      "Hold them in a locked room overnight",
      "Take their photo for social media",
    ],
    1,
    "A person arrested must be handed to the police as soon as possible.",
  ],
  [
    "What should be written in the venue's incident log?",
    [
      "Opinions about customers' appearance",
      "Facts: what happened, when, where and who was involved",
      "Only incidents involving the police",
      "Nothing; it is optional",
    ],
    1,
    "Incident logs hold factual, accurate accounts.",
  ],
  [
    "What is the purpose of a radio call sign?",
    [
      "To sound professional",
      "To identify each user clearly and briefly",
      "To hide messages from the manager",
      "To test the battery",
    ],
    1,
    "Call signs identify each user quickly on the radio.",
  ],
  [
    "Which of these could be a sign of drug use in a venue?",
    ["Ordering food", "Frequent trips to the toilets in groups", "Dancing", "Paying by card"],
    1,
    "Repeated group visits to the toilets can be a sign of drug use or dealing.",
  ],
  [
    "What does 'capacity' mean for a venue?",
    [
      "The number of staff on duty",
      "The maximum number of people allowed in safely",
      "The number of bars",
      "The size of the car park",
    ],
    1,
    "Capacity is the safe maximum number of people, set for fire safety.",
  ],
  [
    "What is 'spiking'?",
    [
      "Adding alcohol or drugs to someone's drink or body without their knowledge",
      "Serving drinks with ice",
      "Charging extra for drinks",
      "Refusing entry to a group",
    ],
    0,
    "Spiking is giving someone alcohol or drugs without their knowledge; report it and look after the victim.",
  ],
];

const unit3: PracticeQuestion[] = [
  [
    "What is the most effective way to manage conflict?",
    ["Prevent it happening or de-escalate early", "Use force quickly", "Ignore it", "Call for backup every time"],
    0,
    "Preventing conflict or calming it early is safest for everyone.",
  ],
  [
    "Which of these is a common trigger of conflict in a venue?",
    ["Feeling treated unfairly", "Good lighting", "Friendly staff", "Short queues"],
    0,
    "People who feel treated unfairly or disrespected are more likely to become angry.",
  ],
  [
    "What does positive body language include?",
    ["Crossed arms and a fixed stare", "Open hands and a calm stance", "Pointing a finger", "Standing very close"],
    1,
    "Open hands and a calm stance show you are not a threat.",
  ],
  [
    "What is a safe distance to keep from an angry person?",
    [
      "Touching distance",
      "More than arm's length, giving both of you space",
      "As close as possible to control them",
      "Distance does not matter",
    ],
    1,
    "Staying beyond arm's length gives you time to react and the person space.",
  ],
  [
    "What is 'active listening'?",
    [
      "Waiting for your turn to speak",
      "Showing you hear and understand, e.g. nodding and summarising",
      "Talking over the person",
      "Listening to music",
    ],
    1,
    "Active listening shows the person they have been heard, which calms them.",
  ],
  [
    "Which of these will most likely escalate a situation?",
    ["Using the person's name", "Sarcasm and a raised voice", "Offering options", "Speaking calmly"],
    1,
    "Sarcasm and shouting make people feel disrespected and raise tension.",
  ],
  [
    "What should you do when an angry customer has a reasonable complaint?",
    ["Dismiss it", "Acknowledge it and explain what you can do", "Argue the point", "Walk away"],
    1,
    "Acknowledging the complaint and offering a way forward reduces anger.",
  ],
  [
    "What does 'dynamic risk assessment' mean?",
    [
      "A written form filled in weekly",
      "Continually judging the risk as a situation changes",
      "An assessment done by the police",
      "A fire drill",
    ],
    1,
    "Dynamic risk assessment is judging danger moment to moment.",
  ],
  [
    "Which is a warning sign that someone may become violent?",
    ["Relaxed shoulders", "Clenched fists and a reddening face", "Smiling", "Slow breathing"],
    1,
    "Clenched fists and a red face are common signs of rising aggression.",
  ],
  [
    "Why should you offer a person options during conflict?",
    ["To confuse them", "So they can choose a way out without losing face", "To waste time", "To prove you are in charge"],
    1,
    "Options let the person back down without feeling humiliated.",
  ],
  [
    "Which response is the most 'win-win'?",
    [
      "Insisting they leave immediately",
      "Finding a solution that meets both the venue's rules and the person's needs",
      "Giving in to every demand",
      "Refusing to talk",
    ],
    1,
    "A win-win approach meets the rules and the person's needs where possible.",
  ],
  [
    "After a violent incident, why is a debrief useful?",
    [
      "To find someone to blame",
      "To learn lessons and support the staff involved",
      "To avoid writing reports",
      "It is not useful",
    ],
    1,
    "Debriefs help staff learn and recover and improve future practice.",
  ],
  [
    "What should you do if you feel unsafe dealing with a situation alone?",
    ["Carry on regardless", "Withdraw if safe and call for help", "Use force to end it quickly", "Ask a customer to help"],
    1,
    "Your safety comes first; withdraw and summon help.",
  ],
  [
    "What is 'positional asphyxia'?",
    [
      "Breathlessness from running",
      "Death or injury caused when a person's position stops them breathing properly",
      "A type of asthma",
      "A fire hazard",
    ],
    1,
    "Some restraint positions can stop a person breathing; it can kill.",
  ],
  [
    "What is a good way to calm someone who is shouting?",
    ["Shout louder", "Speak slowly and calmly in a lower tone", "Laugh at them", "Turn your back"],
    1,
    "A calm, slow, lower voice helps bring the other person's level down.",
  ],
  [
    "What is the 'reasonable force' test based on?",
    [
      "What the customer thinks",
      "What was necessary and proportionate in the circumstances as you honestly believed them to be",
      "Whether anyone was hurt",
      "The venue's profits",
    ],
    1,
    "Force is judged on necessity and proportion in the circumstances as honestly believed.",
  ],
  [
    "What should you do when a customer says they have been refused entry because of their race?",
    [
      "Ignore them",
      "Listen, explain the real reason, and record the complaint",
      "Let them in to avoid a fuss",
      "Call them a liar",
    ],
    1,
    "Take the complaint seriously, explain the lawful reason and record it.",
  ],
  [
    "Which of these helps reduce conflict at the door?",
    [
      "Clear signs about the admission policy",
      "Changing rules without notice",
      "Long unexplained waits",
      "Refusing to give reasons",
    ],
    0,
    "Clear, visible rules help customers understand decisions and reduce frustration.",
  ],
  [
    "Why is it important to stay professional when insulted?",
    [
      "So you can report the customer later",
      "Because reacting can escalate the situation and harm your judgement",
      "Because the SIA is watching",
      "It is not important",
    ],
    1,
    "Staying calm keeps the situation from escalating and keeps you thinking clearly.",
  ],
  [
    "In the 'attitude and behaviour cycle', what affects the other person's behaviour?",
    ["Your attitude shown in your own behaviour", "The weather only", "The price of drinks", "Nothing you do"],
    0,
    "Your attitude shows in your behaviour, which shapes how the other person reacts.",
  ],
  [
    "What should you record after a conflict incident?",
    [
      "Only the customer's name",
      "A factual account: what happened, what was said and done, and who was present",
      "Nothing, if no one was hurt",
      "Your opinion of the customer",
    ],
    1,
    "A factual, full record protects you, the venue and the customer.",
  ],
];

/** Door supervisor units 1-3 with the paper defaults the issue gives (72/110, 50/75, 20/30; 70%). */
export const DOOR_SUPERVISOR_PRACTICE: PracticeUnit[] = [
  { title: "Principles of Working in the Private Security Industry", questions: 72, minutes: 110, passPercent: 70, bank: unit1 },
  {
    title: "Principles of Working as a Door Supervisor in the Private Security Industry",
    questions: 50,
    minutes: 75,
    passPercent: 70,
    bank: unit2,
  },
  {
    title: "Application of Conflict Management in the Private Security Industry",
    questions: 20,
    minutes: 30,
    passPercent: 70,
    bank: unit3,
  },
];
