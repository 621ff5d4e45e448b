/** Spec §1/§2: 11 static student reviews for the carousel. Our own copy. */
export interface Review {
  id: number;
  name: string;
  /** 1-5 */
  rating: number;
  /** 'YYYY-MM-DD' */
  date: string;
  text: string;
  /** Where it was written ('Google'); empty for the built-in reviews (no aggregate is claimed). */
  source?: string;
}

export const REVIEWS: readonly Review[] = [
  {
    id: 1,
    name: "Jordan M.",
    rating: 5,
    date: "2025-01-18",
    text: "Booked the door supervisor course on a Monday and sat in the classroom that Friday. The trainers kept it practical and I had my results before I got home.",
  },
  {
    id: 2,
    name: "Aisha K.",
    rating: 5,
    date: "2025-01-09",
    text: "I was nervous about the physical intervention part but the instructor took it step by step. Passed everything first time and they helped me fill in the SIA application.",
  },
  {
    id: 3,
    name: "Liam O.",
    rating: 5,
    date: "2024-12-14",
    text: "Did my refresher here after my licence lapsed. Two days, no fuss, certificate came through in three working days. Good brews too.",
  },
  {
    id: 4,
    name: "Sophie R.",
    rating: 4,
    date: "2024-12-02",
    text: "The CCTV course was well run with real control room kit. Only wish the car park was bigger, but the centre is easy to reach from Bootle station.",
  },
  {
    id: 5,
    name: "Daniel W.",
    rating: 5,
    date: "2024-11-21",
    text: "I was out of work and they sorted fully funded training for me. A month later I was on shifts at a venue in town. Can't thank them enough.",
  },
  {
    id: 6,
    name: "Chloe B.",
    rating: 5,
    date: "2024-11-05",
    text: "Clear, friendly and straight to the point. The revision portal was a big help the night before the exams.",
  },
  {
    id: 7,
    name: "Mohammed A.",
    rating: 5,
    date: "2024-10-28",
    text: "English is my second language and I worried about the written exams. The trainers explained everything patiently and I passed. Highly recommend.",
  },
  {
    id: 8,
    name: "Ryan T.",
    rating: 4,
    date: "2024-10-12",
    text: "Solid course with trainers who have actually worked the doors. The first aid day fitted straight after, which saved me a second trip.",
  },
  {
    id: 9,
    name: "Hannah P.",
    rating: 5,
    date: "2024-09-30",
    text: "Booked online in five minutes and got a confirmation e-mail straight away telling me what ID to bring. Very organised from start to finish.",
  },
  {
    id: 10,
    name: "Kieran D.",
    rating: 5,
    date: "2024-09-16",
    text: "Failed one module first time and they rebooked me for free the next week. No pressure, just support. Licence arrived five weeks later.",
  },
  {
    id: 11,
    name: "Grace N.",
    rating: 5,
    date: "2024-09-03",
    text: "A proper family-run place: they remembered my name and checked in on my licence application afterwards. Would book again for my top-up.",
  },
];
