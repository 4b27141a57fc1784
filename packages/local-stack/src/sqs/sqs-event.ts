import type { Message, MessageAttributeValue } from '@aws-sdk/client-sqs'
import type { SQSEvent, SQSMessageAttribute, SQSRecord, SQSRecordAttributes } from 'aws-lambda'

/** The `SQSEvent` Lambda's SQS event source mapping delivers for a batch of received messages. */
export function toSqsEvent(messages: Message[], queueArn: string, region: string): SQSEvent {
  return { Records: messages.map((message) => toSqsRecord(message, queueArn, region)) }
}

export function toSqsRecord(message: Message, queueArn: string, region: string): SQSRecord {
  const system = message.Attributes ?? {}
  const attributes: SQSRecordAttributes = {
    ApproximateReceiveCount: system.ApproximateReceiveCount ?? '1',
    SentTimestamp: system.SentTimestamp ?? String(Date.now()),
    SenderId: system.SenderId ?? 'LOCAL',
    ApproximateFirstReceiveTimestamp: system.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    ...(system.AWSTraceHeader ? { AWSTraceHeader: system.AWSTraceHeader } : {}),
    ...(system.MessageGroupId ? { MessageGroupId: system.MessageGroupId } : {}),
    ...(system.MessageDeduplicationId ? { MessageDeduplicationId: system.MessageDeduplicationId } : {}),
    ...(system.SequenceNumber ? { SequenceNumber: system.SequenceNumber } : {}),
  }
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes,
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [
        name,
        toRecordAttribute(value),
      ]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  }
}

function toRecordAttribute(value: MessageAttributeValue): SQSMessageAttribute {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
  return {
    dataType: (value.DataType ?? 'String') as SQSMessageAttribute['dataType'],
    ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
    ...(value.BinaryValue !== undefined ? { binaryValue: base64(value.BinaryValue) } : {}),
    stringListValues: value.StringListValues ?? [],
    binaryListValues: (value.BinaryListValues ?? []).map(base64),
  }
}
