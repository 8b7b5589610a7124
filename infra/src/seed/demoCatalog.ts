import { CONFIGURATION_LOCATIONS } from './demoConfiguration.js';

/**
 * Northbridge University's departments and their course catalog (the demo institution at scale).
 * Pure data: the seed steps in demoTeaching.ts turn it into workgroups, rooms, courses, offerings
 * and sections through commands.
 */

export type DivisionCode = 'SCI' | 'HUM' | 'SOC' | 'ENG';

export interface DemoDepartment {
  /** Workgroup key; Mathematics, Biology and English were created by the `demo-workgroups` step. */
  key: string;
  name: string;
  /** Course-number prefix, e.g. CHEM. */
  prefix: string;
  division: DivisionCode;
  /** The building (first word of a room code) its lectures are held in. */
  building: string;
  /** Where its laboratory sections meet, when it has any. */
  labBuilding?: string;
  /** Majors taxonomy slug its upper-level courses want in an instructor (A term of alignment). */
  major?: string;
  /** Specialty slug its statistics-like courses want. */
  specialty?: { slug: string; courses: readonly string[] };
  /** Sections per term of a typical 100-level course, before variation. */
  introSections: number;
  /** Seats of a 100-level lecture section. */
  introSeats: number;
  /** `number|title|credit hours` */
  courses: readonly string[];
}

export const DEMO_DEPARTMENTS: readonly DemoDepartment[] = [
  {
    key: 'mathematics',
    name: 'Mathematics',
    prefix: 'MATH',
    division: 'SCI',
    building: 'MSB',
    major: 'mathematics',
    specialty: { slug: 'statistics', courses: ['150', '310', '315', '550'] },
    introSections: 5,
    introSeats: 40,
    courses: [
      '100|College Algebra|3',
      '105|Precalculus|4',
      '110|Quantitative Reasoning|3',
      '115|Mathematics for Elementary Teachers|3',
      '131|Calculus I|4',
      '132|Calculus II|4',
      '150|Introduction to Statistics|3',
      '205|Discrete Mathematics|3',
      '231|Calculus III|4',
      '240|Linear Algebra|3',
      '250|Differential Equations|3',
      '280|Introduction to Proofs|3',
      '310|Probability Theory|3',
      '315|Mathematical Statistics|3',
      '321|Real Analysis I|3',
      '322|Real Analysis II|3',
      '331|Abstract Algebra I|3',
      '332|Abstract Algebra II|3',
      '340|Numerical Analysis|3',
      '350|Complex Variables|3',
      '360|Geometry|3',
      '370|Number Theory|3',
      '410|Topology|3',
      '420|Partial Differential Equations|3',
      '430|Mathematical Modeling|3',
      '450|Combinatorics|3',
      '490|Senior Seminar in Mathematics|3',
      '510|Graduate Real Analysis|3',
      '520|Graduate Algebra|3',
      '550|Applied Statistical Methods|3',
    ],
  },
  {
    key: 'biology',
    name: 'Biology',
    prefix: 'BIOL',
    division: 'SCI',
    building: 'SCI',
    labBuilding: 'SCI',
    major: 'biology',
    specialty: { slug: 'molecular-biology', courses: ['201', '310', '410', '510'] },
    introSections: 3,
    introSeats: 120,
    courses: [
      '101|Principles of Biology I|3',
      '101L|Principles of Biology I Laboratory|1',
      '102|Principles of Biology II|3',
      '102L|Principles of Biology II Laboratory|1',
      '110|Human Biology|3',
      '150|Environmental Science|3',
      '201|Genetics|3',
      '210|Cell Biology|3',
      '220|Microbiology|4',
      '230|Ecology|3',
      '240|Human Anatomy and Physiology I|4',
      '241|Human Anatomy and Physiology II|4',
      '250|Evolution|3',
      '310|Molecular Biology|3',
      '320|Developmental Biology|3',
      '330|Immunology|3',
      '340|Neurobiology|3',
      '350|Plant Biology|3',
      '360|Marine Biology|3',
      '370|Biostatistics|3',
      '410|Bioinformatics|3',
      '420|Virology|3',
      '430|Conservation Biology|3',
      '490|Senior Seminar in Biology|1',
      '510|Advanced Molecular Genetics|3',
      '520|Graduate Seminar in Ecology|2',
    ],
  },
  {
    key: 'english',
    name: 'English',
    prefix: 'ENGL',
    division: 'HUM',
    building: 'HUM',
    introSections: 7,
    introSeats: 22,
    courses: [
      '101|College Writing I|3',
      '102|College Writing II|3',
      '110|Introduction to Literature|3',
      '150|Introduction to Creative Writing|3',
      '201|British Literature I|3',
      '202|British Literature II|3',
      '211|American Literature I|3',
      '212|American Literature II|3',
      '220|World Literature|3',
      '230|Introduction to Poetry|3',
      '240|Technical Writing|3',
      '250|Introduction to Film Studies|3',
      '301|Shakespeare|3',
      '310|The Victorian Novel|3',
      '315|Romantic Poetry|3',
      '320|Modernism|3',
      '330|African American Literature|3',
      '340|Literary Theory|3',
      '350|Fiction Workshop|3',
      '351|Poetry Workshop|3',
      '360|Rhetoric and Composition|3',
      '370|Young Adult Literature|3',
      '410|Chaucer|3',
      '420|Postcolonial Literature|3',
      '490|Senior Seminar in English|3',
      '510|Graduate Seminar in Literary Studies|3',
      '520|Teaching College Writing|3',
    ],
  },
  {
    key: 'chemistry',
    name: 'Chemistry',
    prefix: 'CHEM',
    division: 'SCI',
    building: 'SCI',
    labBuilding: 'SCI',
    introSections: 3,
    introSeats: 100,
    courses: [
      '100|Chemistry in Everyday Life|3',
      '101|General Chemistry I|3',
      '101L|General Chemistry I Laboratory|1',
      '102|General Chemistry II|3',
      '102L|General Chemistry II Laboratory|1',
      '201|Organic Chemistry I|3',
      '201L|Organic Chemistry I Laboratory|1',
      '202|Organic Chemistry II|3',
      '202L|Organic Chemistry II Laboratory|1',
      '220|Quantitative Analysis|4',
      '250|Chemistry of Materials|3',
      '301|Physical Chemistry I|3',
      '302|Physical Chemistry II|3',
      '310|Biochemistry I|3',
      '311|Biochemistry II|3',
      '320|Inorganic Chemistry|3',
      '330|Instrumental Analysis|4',
      '340|Environmental Chemistry|3',
      '350|Medicinal Chemistry|3',
      '360|Forensic Chemistry|3',
      '410|Advanced Organic Chemistry|3',
      '420|Polymer Chemistry|3',
      '430|Computational Chemistry|3',
      '490|Chemistry Research Seminar|1',
      '510|Graduate Physical Chemistry|3',
      '520|Graduate Biochemistry|3',
    ],
  },
  {
    key: 'physics',
    name: 'Physics and Astronomy',
    prefix: 'PHYS',
    division: 'SCI',
    building: 'PHY',
    labBuilding: 'PHY',
    introSections: 2,
    introSeats: 90,
    courses: [
      '101|Conceptual Physics|3',
      '111|College Physics I|4',
      '112|College Physics II|4',
      '121|University Physics I|4',
      '121L|University Physics I Laboratory|1',
      '122|University Physics II|4',
      '122L|University Physics II Laboratory|1',
      '150|Introduction to Astronomy|3',
      '201|Modern Physics|3',
      '210|Mathematical Methods in Physics|3',
      '220|Electronics|4',
      '301|Classical Mechanics|3',
      '302|Electricity and Magnetism I|3',
      '303|Electricity and Magnetism II|3',
      '310|Thermodynamics and Statistical Mechanics|3',
      '320|Quantum Mechanics I|3',
      '321|Quantum Mechanics II|3',
      '330|Optics|3',
      '340|Astrophysics|3',
      '350|Solid State Physics|3',
      '360|Nuclear and Particle Physics|3',
      '410|Computational Physics|3',
      '420|General Relativity|3',
      '490|Senior Thesis in Physics|3',
      '510|Graduate Classical Mechanics|3',
      '520|Graduate Quantum Mechanics|3',
    ],
  },
  {
    key: 'computer-science',
    name: 'Computer Science',
    prefix: 'CSCI',
    division: 'ENG',
    building: 'ENG',
    labBuilding: 'ENG',
    introSections: 4,
    introSeats: 60,
    courses: [
      '101|Introduction to Computing|3',
      '110|Programming Fundamentals I|4',
      '111|Programming Fundamentals II|4',
      '150|Web Development|3',
      '201|Data Structures|4',
      '210|Computer Organization|3',
      '220|Discrete Structures for Computing|3',
      '230|Object-Oriented Design|3',
      '301|Algorithms|3',
      '310|Operating Systems|3',
      '320|Database Systems|3',
      '330|Computer Networks|3',
      '340|Software Engineering|3',
      '350|Programming Languages|3',
      '360|Theory of Computation|3',
      '370|Computer Graphics|3',
      '380|Artificial Intelligence|3',
      '390|Human-Computer Interaction|3',
      '410|Machine Learning|3',
      '420|Computer Security|3',
      '430|Distributed Systems|3',
      '440|Compilers|3',
      '450|Mobile App Development|3',
      '490|Senior Capstone Project|3',
      '510|Advanced Algorithms|3',
      '520|Deep Learning|3',
      '530|Cloud Computing|3',
    ],
  },
  {
    key: 'mechanical-engineering',
    name: 'Mechanical Engineering',
    prefix: 'MECH',
    division: 'ENG',
    building: 'ENG',
    labBuilding: 'ENG',
    introSections: 2,
    introSeats: 60,
    courses: [
      '101|Introduction to Engineering Design|3',
      '110|Engineering Graphics|2',
      '201|Statics|3',
      '202|Dynamics|3',
      '210|Mechanics of Materials|3',
      '220|Thermodynamics I|3',
      '230|Materials Science|3',
      '240|Manufacturing Processes|3',
      '250|Engineering Computation|3',
      '301|Fluid Mechanics|3',
      '302|Heat Transfer|3',
      '310|Machine Design|3',
      '320|System Dynamics and Controls|3',
      '330|Thermodynamics II|3',
      '340|Mechanical Vibrations|3',
      '350|Instrumentation and Measurements|3',
      '360|Finite Element Analysis|3',
      '370|Biomechanics|3',
      '410|Robotics|3',
      '420|Renewable Energy Systems|3',
      '430|Mechatronics|3',
      '440|Automotive Engineering|3',
      '490|Senior Design Project I|3',
      '491|Senior Design Project II|3',
      '510|Advanced Fluid Dynamics|3',
      '520|Continuum Mechanics|3',
    ],
  },
  {
    key: 'history',
    name: 'History',
    prefix: 'HIST',
    division: 'HUM',
    building: 'HUM',
    introSections: 4,
    introSeats: 45,
    courses: [
      '101|World History to 1500|3',
      '102|World History since 1500|3',
      '111|United States History to 1877|3',
      '112|United States History since 1877|3',
      '150|Introduction to Historical Methods|3',
      '201|Ancient Greece and Rome|3',
      '210|Medieval Europe|3',
      '220|The Renaissance and Reformation|3',
      '230|Modern Europe|3',
      '240|History of East Asia|3',
      '250|Latin American History|3',
      '260|African History|3',
      '301|The American Revolution|3',
      '310|Civil War and Reconstruction|3',
      '320|The Cold War|3',
      '330|History of Science|3',
      '340|Environmental History|3',
      '350|Women in American History|3',
      '360|History of the Middle East|3',
      '370|The Atlantic World|3',
      '380|Immigration in America|3',
      '410|Public History|3',
      '420|Oral History|3',
      '490|Senior Research Seminar in History|3',
      '510|Graduate Colloquium in American History|3',
      '520|Graduate Colloquium in European History|3',
    ],
  },
  {
    key: 'philosophy',
    name: 'Philosophy',
    prefix: 'PHIL',
    division: 'HUM',
    building: 'HUM',
    introSections: 3,
    introSeats: 40,
    courses: [
      '101|Introduction to Philosophy|3',
      '110|Critical Thinking|3',
      '120|Introduction to Ethics|3',
      '150|Introduction to Logic|3',
      '201|Ancient Philosophy|3',
      '202|Modern Philosophy|3',
      '210|Biomedical Ethics|3',
      '220|Philosophy of Religion|3',
      '230|Political Philosophy|3',
      '240|Environmental Ethics|3',
      '250|Business Ethics|3',
      '260|Philosophy of Technology|3',
      '301|Epistemology|3',
      '302|Metaphysics|3',
      '310|Philosophy of Mind|3',
      '320|Philosophy of Science|3',
      '330|Philosophy of Language|3',
      '340|Existentialism|3',
      '350|Aesthetics|3',
      '360|Symbolic Logic|3',
      '370|Feminist Philosophy|3',
      '410|Kant|3',
      '420|Contemporary Continental Philosophy|3',
      '490|Senior Seminar in Philosophy|3',
    ],
  },
  {
    key: 'psychology',
    name: 'Psychology',
    prefix: 'PSYC',
    division: 'SOC',
    building: 'SSH',
    introSections: 4,
    introSeats: 150,
    courses: [
      '101|Introduction to Psychology|3',
      '201|Research Methods in Psychology|4',
      '202|Statistics for the Behavioral Sciences|3',
      '210|Developmental Psychology|3',
      '220|Social Psychology|3',
      '230|Abnormal Psychology|3',
      '240|Cognitive Psychology|3',
      '250|Biological Psychology|3',
      '260|Personality|3',
      '270|Health Psychology|3',
      '301|Learning and Memory|3',
      '310|Sensation and Perception|3',
      '320|Child Psychology|3',
      '330|Adolescent Psychology|3',
      '340|Psychology of Aging|3',
      '350|Industrial-Organizational Psychology|3',
      '360|Cross-Cultural Psychology|3',
      '370|Psychological Testing|3',
      '410|Clinical Psychology|3',
      '420|Cognitive Neuroscience|3',
      '430|History of Psychology|3',
      '490|Senior Seminar in Psychology|3',
      '510|Advanced Research Design|3',
      '520|Psychopathology|3',
      '530|Counseling Theories|3',
    ],
  },
  {
    key: 'economics',
    name: 'Economics',
    prefix: 'ECON',
    division: 'SOC',
    building: 'SSH',
    introSections: 4,
    introSeats: 100,
    courses: [
      '101|Principles of Microeconomics|3',
      '102|Principles of Macroeconomics|3',
      '150|Economics of Social Issues|3',
      '201|Intermediate Microeconomics|3',
      '202|Intermediate Macroeconomics|3',
      '210|Economic Statistics|3',
      '220|Money and Banking|3',
      '230|Labor Economics|3',
      '240|Public Finance|3',
      '250|Urban Economics|3',
      '301|Econometrics|3',
      '310|International Trade|3',
      '320|Development Economics|3',
      '330|Environmental Economics|3',
      '340|Industrial Organization|3',
      '350|Behavioral Economics|3',
      '360|Health Economics|3',
      '370|Economic History|3',
      '380|Game Theory|3',
      '410|Advanced Econometrics|3',
      '420|Financial Economics|3',
      '490|Senior Seminar in Economics|3',
      '510|Graduate Microeconomic Theory|3',
      '520|Graduate Macroeconomic Theory|3',
    ],
  },
  {
    key: 'sociology',
    name: 'Sociology',
    prefix: 'SOCI',
    division: 'SOC',
    building: 'SSH',
    introSections: 4,
    introSeats: 60,
    courses: [
      '101|Introduction to Sociology|3',
      '110|Social Problems|3',
      '201|Sociology of the Family|3',
      '210|Race and Ethnicity|3',
      '220|Sociology of Gender|3',
      '230|Criminology|3',
      '240|Urban Sociology|3',
      '250|Social Research Methods|3',
      '260|Sociological Theory|3',
      '270|Sociology of Media|3',
      '301|Social Stratification|3',
      '310|Sociology of Education|3',
      '320|Medical Sociology|3',
      '330|Deviance and Social Control|3',
      '340|Sociology of Religion|3',
      '350|Population and Society|3',
      '360|Social Movements|3',
      '370|Environmental Sociology|3',
      '410|Sociology of Work|3',
      '420|Globalization|3',
      '490|Senior Seminar in Sociology|3',
      '510|Graduate Seminar in Social Theory|3',
    ],
  },
];

/** The workgroups the `demo-workgroups` step created before this catalog existed. */
export const EARLIER_WORKGROUP_KEYS: ReadonlySet<string> = new Set([
  'mathematics',
  'biology',
  'english',
]);

export interface DemoCourse {
  /** Stable key: prefix and number, e.g. `CHEM-101L`. */
  key: string;
  department: DemoDepartment;
  courseNumber: string;
  name: string;
  creditHours: number;
  /** 1 for 100-level … 5 for graduate courses. */
  level: number;
  isLab: boolean;
  sectionMaxStudents: number;
  /** Not offered this year (kept in the catalog). */
  isOffered: boolean;
}

/** Seats of a section by course level: big introductory lectures, small graduate seminars. */
function seatsOf(department: DemoDepartment, level: number, isLab: boolean): number {
  if (isLab) return 24;
  if (level === 1) return department.introSeats;
  if (level === 2) return Math.min(60, Math.max(25, Math.round(department.introSeats * 0.6)));
  if (level === 3) return department.introSeats <= 25 ? 20 : 35;
  if (level === 4) return 25;
  return 15;
}

/** Courses rested this year (in the catalog, not offered), so the catalog is not all offered. */
const NOT_OFFERED_THIS_YEAR: ReadonlySet<string> = new Set([
  'MATH-360',
  'BIOL-360',
  'ENGL-410',
  'CHEM-360',
  'PHYS-420',
  'CSCI-440',
  'MECH-440',
  'HIST-420',
  'PHIL-350',
  'PSYC-430',
  'ECON-370',
  'SOCI-340',
]);

/** Every course of every department, in catalog order. */
export function demoCourses(): DemoCourse[] {
  return DEMO_DEPARTMENTS.flatMap((department) =>
    department.courses.map((line) => {
      const [number = '', name = '', credits = '3'] = line.split('|');
      const isLab = number.endsWith('L');
      const level = Number(number.charAt(0));
      const key = `${department.prefix}-${number}`;
      return {
        key,
        department,
        courseNumber: `${department.prefix} ${number}`,
        name,
        creditHours: Number(credits),
        level,
        isLab,
        sectionMaxStudents: seatsOf(department, level, isLab),
        isOffered: !NOT_OFFERED_THIS_YEAR.has(key),
      };
    }),
  );
}

/** Rooms beside the seven the configuration step created: `code|description|capacity`. */
export const DEMO_ROOMS: readonly string[] = [
  // Science Hall (biology, chemistry); SCI 101, SCI 204 and SCI LAB 3 exist already.
  'SCI 102|Science Hall, lecture room|80',
  'SCI 110|Science Hall, classroom|40',
  'SCI 120|Science Hall, classroom|40',
  'SCI 150|Science Hall, auditorium|160',
  'SCI 206|Science Hall, seminar room|30',
  'SCI 210|Science Hall, classroom|50',
  'SCI 305|Science Hall, seminar room|20',
  'SCI LAB 1|Science Hall, chemistry lab|24',
  'SCI LAB 2|Science Hall, chemistry lab|24',
  'SCI LAB 4|Science Hall, biology lab|24',
  'SCI LAB 5|Science Hall, organic chemistry lab|24',
  'SCI LAB 6|Science Hall, microbiology lab|24',
  // Mathematical Sciences Building.
  'MSB 101|Mathematical Sciences Building, lecture room|90',
  'MSB 110|Mathematical Sciences Building, classroom|45',
  'MSB 112|Mathematical Sciences Building, classroom|45',
  'MSB 120|Mathematical Sciences Building, classroom|40',
  'MSB 122|Mathematical Sciences Building, classroom|40',
  'MSB 210|Mathematical Sciences Building, classroom|35',
  'MSB 214|Mathematical Sciences Building, seminar room|20',
  // Physics and Astronomy Building.
  'PHY 100|Physics Building, lecture hall|120',
  'PHY 130|Physics Building, classroom|45',
  'PHY 210|Physics Building, classroom|35',
  'PHY 310|Physics Building, seminar room|20',
  'PHY LAB 1|Physics Building, teaching lab|24',
  'PHY LAB 2|Physics Building, teaching lab|24',
  // Engineering Center (computer science, mechanical engineering); ENG 150 exists already.
  'ENG 101|Engineering Center, lecture room|80',
  'ENG 110|Engineering Center, classroom|60',
  'ENG 120|Engineering Center, classroom|45',
  'ENG 130|Engineering Center, classroom|45',
  'ENG 210|Engineering Center, classroom|40',
  'ENG 220|Engineering Center, classroom|35',
  'ENG 305|Engineering Center, seminar room|20',
  'ENG LAB 1|Engineering Center, computer lab|30',
  'ENG LAB 2|Engineering Center, computer lab|30',
  'ENG LAB 3|Engineering Center, mechanics lab|24',
  // Humanities Building (English, history, philosophy); HUM 110 and HUM 301 exist already.
  'HUM 100|Humanities Building, lecture hall|120',
  'HUM 112|Humanities Building, classroom|45',
  'HUM 114|Humanities Building, classroom|45',
  'HUM 120|Humanities Building, classroom|40',
  'HUM 201|Humanities Building, writing classroom|24',
  'HUM 202|Humanities Building, writing classroom|24',
  'HUM 203|Humanities Building, writing classroom|24',
  'HUM 204|Humanities Building, writing classroom|24',
  'HUM 210|Humanities Building, classroom|35',
  'HUM 220|Humanities Building, classroom|35',
  'HUM 302|Humanities Building, seminar room|20',
  'HUM 303|Humanities Building, seminar room|20',
  // Social Sciences Hall (psychology, economics, sociology).
  'SSH 100|Social Sciences Hall, auditorium|180',
  'SSH 101|Social Sciences Hall, lecture room|100',
  'SSH 110|Social Sciences Hall, classroom|60',
  'SSH 112|Social Sciences Hall, classroom|60',
  'SSH 120|Social Sciences Hall, classroom|45',
  'SSH 122|Social Sciences Hall, classroom|45',
  'SSH 210|Social Sciences Hall, classroom|35',
  'SSH 212|Social Sciences Hall, classroom|35',
  'SSH 220|Social Sciences Hall, classroom|40',
  'SSH 301|Social Sciences Hall, seminar room|20',
  'SSH 302|Social Sciences Hall, seminar room|20',
  // Shared.
  'AUD 100|Founders Auditorium|300',
  'LIB 310|Library, seminar room|20',
];

export interface DemoRoom {
  code: string;
  description: string;
  capacity: number;
  building: string;
  isLab: boolean;
}

function roomOf(line: string): DemoRoom {
  const [code = '', description = '', capacity = '0'] = line.split('|');
  return {
    code,
    description,
    capacity: Number(capacity),
    building: code.split(' ')[0] ?? code,
    isLab: code.includes(' LAB '),
  };
}

/** Every room sections may meet in (the configuration step's and this catalog's). */
export function demoRooms(): DemoRoom[] {
  const earlier = CONFIGURATION_LOCATIONS.map(([code, description, capacity]) =>
    [code, description, String(capacity)].join('|'),
  );
  return [...earlier, ...DEMO_ROOMS].map(roomOf);
}

/** Only the rooms this catalog adds. */
export function addedDemoRooms(): DemoRoom[] {
  return DEMO_ROOMS.map(roomOf);
}
