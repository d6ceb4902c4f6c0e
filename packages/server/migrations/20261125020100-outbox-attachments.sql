-- The outbox carries attachments (issue 10: the sales analysis mailed as an xlsx by the reports
-- service). A JSON list of {filename, contentType, content (base64)}; null for plain mail. Written
-- in the request's transaction with the message, so a mail exists with its file or not at all.
ALTER TABLE outbox_messages ADD COLUMN attachments jsonb CHECK (attachments IS NULL OR jsonb_typeof(attachments) = 'array');
