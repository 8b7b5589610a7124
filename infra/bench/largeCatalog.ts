/**
 * The departments and course titles of the large benchmark institution (largeInstitution.ts):
 * Northbridge University's demo departments stay as the demo seed made them; these are the rest
 * of a large university, each with its own building (the building code is the subject prefix).
 * Prefixes differ from the demo's subjects and buildings, so course numbers and room codes stay
 * unique among active records.
 */

export type Division = 'SCI' | 'HUM' | 'SOC' | 'ENG';

export interface LargeDepartment {
  name: string;
  prefix: string;
  division: Division;
}

export const LARGE_DEPARTMENTS: readonly LargeDepartment[] = [
  { name: 'Anthropology', prefix: 'ANTH', division: 'SOC' },
  { name: 'Art History', prefix: 'ARTH', division: 'HUM' },
  { name: 'Astronomy', prefix: 'ASTR', division: 'SCI' },
  { name: 'Biochemistry', prefix: 'BCHM', division: 'SCI' },
  { name: 'Biomedical Engineering', prefix: 'BME', division: 'ENG' },
  { name: 'Business Administration', prefix: 'BUS', division: 'SOC' },
  { name: 'Chemical Engineering', prefix: 'CHE', division: 'ENG' },
  { name: 'Civil Engineering', prefix: 'CE', division: 'ENG' },
  { name: 'Classics', prefix: 'CLAS', division: 'HUM' },
  { name: 'Communication', prefix: 'COMM', division: 'SOC' },
  { name: 'Comparative Literature', prefix: 'CLIT', division: 'HUM' },
  { name: 'Criminology', prefix: 'CRIM', division: 'SOC' },
  { name: 'Dance', prefix: 'DANC', division: 'HUM' },
  { name: 'Data Science', prefix: 'DATA', division: 'SCI' },
  { name: 'Earth Sciences', prefix: 'EASC', division: 'SCI' },
  { name: 'Ecology and Evolution', prefix: 'EEB', division: 'SCI' },
  { name: 'Education', prefix: 'EDUC', division: 'SOC' },
  { name: 'Electrical Engineering', prefix: 'EE', division: 'ENG' },
  { name: 'Environmental Studies', prefix: 'ENVS', division: 'SCI' },
  { name: 'Film Studies', prefix: 'FILM', division: 'HUM' },
  { name: 'Finance', prefix: 'FIN', division: 'SOC' },
  { name: 'French', prefix: 'FREN', division: 'HUM' },
  { name: 'Geography', prefix: 'GEOG', division: 'SOC' },
  { name: 'German', prefix: 'GERM', division: 'HUM' },
  { name: 'Industrial Engineering', prefix: 'IE', division: 'ENG' },
  { name: 'Information Science', prefix: 'INFO', division: 'SCI' },
  { name: 'International Relations', prefix: 'INTL', division: 'SOC' },
  { name: 'Journalism', prefix: 'JOUR', division: 'SOC' },
  { name: 'Kinesiology', prefix: 'KIN', division: 'SCI' },
  { name: 'Linguistics', prefix: 'LING', division: 'HUM' },
  { name: 'Marketing', prefix: 'MKTG', division: 'SOC' },
  { name: 'Materials Science', prefix: 'MSE', division: 'ENG' },
  { name: 'Microbiology', prefix: 'MICR', division: 'SCI' },
  { name: 'Music', prefix: 'MUS', division: 'HUM' },
  { name: 'Neuroscience', prefix: 'NEUR', division: 'SCI' },
  { name: 'Nursing', prefix: 'NURS', division: 'SCI' },
  { name: 'Nutrition', prefix: 'NUTR', division: 'SCI' },
  { name: 'Political Science', prefix: 'POLS', division: 'SOC' },
  { name: 'Public Health', prefix: 'PUBH', division: 'SOC' },
  { name: 'Public Policy', prefix: 'PPOL', division: 'SOC' },
  { name: 'Religious Studies', prefix: 'RELS', division: 'HUM' },
  { name: 'Social Work', prefix: 'SOWK', division: 'SOC' },
  { name: 'Spanish', prefix: 'SPAN', division: 'HUM' },
  { name: 'Statistics', prefix: 'STAT', division: 'SCI' },
  { name: 'Studio Art', prefix: 'ART', division: 'HUM' },
  { name: 'Theatre', prefix: 'THTR', division: 'HUM' },
  { name: 'Urban Planning', prefix: 'URBP', division: 'SOC' },
  { name: "Women's and Gender Studies", prefix: 'WGS', division: 'HUM' },
];

/** Course titles by level (1 = 100-level … 5 = graduate); `{S}` is the department's name. */
export const TITLES_BY_LEVEL: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  1: [
    'Introduction to {S}',
    'Principles of {S}',
    'Foundations of {S}',
    '{S} in the Modern World',
    'First-Year Seminar in {S}',
    'Survey of {S} I',
    'Survey of {S} II',
    'Fundamentals of {S}',
  ],
  2: [
    'Methods in {S}',
    'Research Design in {S}',
    'Intermediate {S} I',
    'Intermediate {S} II',
    'Writing in {S}',
    'Quantitative {S}',
    'History of {S}',
    '{S} and Society',
  ],
  3: [
    'Advanced {S} I',
    'Advanced {S} II',
    'Topics in {S}',
    'Theory of {S}',
    'Applied {S}',
    '{S} Practicum',
    'Comparative {S}',
    'Ethics in {S}',
  ],
  4: [
    'Senior Seminar in {S}',
    'Capstone in {S}',
    'Special Topics in {S}',
    'Honors Thesis in {S}',
    'Field Work in {S}',
    'Independent Study in {S}',
  ],
  5: [
    'Graduate Seminar in {S}',
    'Research Methods in {S}',
    'Proseminar in {S}',
    'Advanced Studies in {S}',
  ],
};
