/** One request of the journal. */
export interface JournalEntry {
  seq: number;
  test: string | null;
  status: "hit" | "miss" | "synthetic" | "recorded" | "relayed" | "fault" | "refused" | "error";
  path: string | null;
  why: string | null;
  ms: number;
}

/** The current test's view of the server. */
export declare const ulcas: {
  readonly url: string;
  readonly baseURL: string;
  readonly openaiBaseURL: string;
  readonly test: string | undefined;
  fault(target: string, ...faults: string[]): Promise<void>;
  requests(): Promise<JournalEntry[]>;
};

export interface Server {
  url: string;
  mode: string;
  journal: string;
  stop(): Promise<void>;
}

export declare function startServer(options?: { mode?: string; cwd?: string; journal?: string }): Promise<Server>;
export declare function requests(url: string, test?: string): Promise<{ requests: JournalEntry[]; counts: Record<string, number>; last: number }>;
export declare function armFault(url: string, target: string, faults: string[], test?: string): Promise<void>;
export declare function summary(counts: Record<string, number>, journal: string): string;
export declare function findBinary(): string;
export declare function testBaseURL(url: string, test: string): string;
