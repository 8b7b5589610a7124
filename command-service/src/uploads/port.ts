/**
 * Where uploaded files are kept (spec §3 Uploads; the projection-service's uploads tables, given
 * by the embedded start): the file as sent, with who sent it, under the id of the record it
 * belongs to. Without one (a test app) files are read and not kept.
 */
export interface UploadFiles {
  keep(upload: {
    id: string;
    kind: 'effortImport';
    fileName: string;
    contentType: string;
    bytes: Buffer;
    sha256: string;
    senderId: string | null;
    createdAt: Date;
  }): Promise<void>;
  remove(id: string): Promise<void>;
}
