import type { Db } from '../../db/client.ts';
import type { UserRow } from '../users/users.presenter.ts';
export declare const FREE_SUGGESTIONS = 3;
export declare const PREMIUM_SUGGESTIONS = 10;
export declare const suggestionLimit: (u: Pick<UserRow, "isPremium" | "isSuperAdmin" | "premiumUntil">) => 3 | 10;
/** Rebuilds a member's matching profile from the answers (after onboarding or a reset). */
export declare function rebuildProfile(db: Db, userId: number): Promise<void>;
/** Whether others may be suggested this member: verified, onboarded, not paused, not deleted. */
export declare function refreshActive(db: Db, userId: number): Promise<void>;
export interface Candidate {
    id: number;
    score: number;
    shared: string[];
}
/**
 * The matcher, as one query: hard filters (a shared kind of loss, languages, mutual gender and age preferences, supporters
 * only for seekers, never oneself, hidden in either direction, inactive, or anyone already paired or
 * suggested before), then the score over shared weighted answers as one bit count.
 */
export declare function findCandidates(db: Db, userId: number, limit: number): Promise<Candidate[]>;
/** Suggests candidates to `userId` (one partnerships row each, suggested on that member's side). */
export declare function storeSuggestions(db: Db, userId: number, candidates: Candidate[]): Promise<void>;
/** Open suggestions of a member: suggested to them, not dismissed, both sides still "none". */
export declare function openSuggestionCount(db: Db, userId: number): Promise<number>;
/** Marks the member's open suggestions as seen-and-passed ("more suggestions"); they do not return. */
export declare function dismissOpenSuggestions(db: Db, userId: number): Promise<void>;
/** Makes an existing pair row a suggestion for `userId` too (the other side of a fresh match). */
export declare function suggestBack(db: Db, userId: number, otherId: number): Promise<boolean>;
/** SPEC.md §4 Matching: pause or resume; paused members are not suggested to anyone. */
export declare function toggleMatching(db: Db, userId: number): Promise<boolean>;
