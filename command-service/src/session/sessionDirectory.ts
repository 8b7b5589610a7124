/** What the session routes need to know from the read models (users, periods, memberships). */
export interface SessionDirectory {
  isActiveUser(userId: string): Promise<boolean>;
  academicPeriodExists(academicPeriodId: string): Promise<boolean>;
  /** Workgroups the user is a member of (a merge moves these memberships). */
  workgroupIdsOf(userId: string): Promise<string[]>;
  /** Ids of the user's settings records (a merge moves them). */
  userSettingIdsOf(userId: string): Promise<string[]>;
  /** The teaching records naming the user (a merge moves them). */
  teachingOf(userId: string): Promise<TeachingHoldings>;
}

/** Where a user's teaching data lives, by the ids its commands take. */
export interface TeachingHoldings {
  /** Live sections with an assignment of the user (withdrawn ones included). */
  sectionIds: string[];
  /** Academic periods in which the user has a preference record (started, at least). */
  preferencePeriodIds: string[];
  /** The user's live administrative assignments. */
  administrativeAssignmentIds: string[];
  /** Live notes about the user (their profile or their preferences). */
  noteIds: string[];
}
