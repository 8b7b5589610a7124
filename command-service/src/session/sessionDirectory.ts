/** What the session routes need to know from the read models (users, academic periods). */
export interface SessionDirectory {
  isActiveUser(userId: string): Promise<boolean>;
  academicPeriodExists(academicPeriodId: string): Promise<boolean>;
}
