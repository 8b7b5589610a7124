/** What the session routes need to know from the read models (users, periods, memberships). */
export interface SessionDirectory {
  isActiveUser(userId: string): Promise<boolean>;
  academicPeriodExists(academicPeriodId: string): Promise<boolean>;
  /** Workgroups the user is a member of (a merge moves these memberships). */
  workgroupIdsOf(userId: string): Promise<string[]>;
  /** Ids of the user's settings records (a merge moves them). */
  userSettingIdsOf(userId: string): Promise<string[]>;
}
