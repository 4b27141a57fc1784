import { describe, expect, it } from 'vitest'
import { toSqsEvent } from './sqs-event'

describe('toSqsEvent', () => {
  it('maps received messages to Lambda SQS records', () => {
    const event = toSqsEvent(
      [
        {
          MessageId: 'm-1',
          ReceiptHandle: 'r-1',
          Body: '{"job":1}',
          MD5OfBody: 'md5',
          Attributes: {
            ApproximateReceiveCount: '2',
            SentTimestamp: '1',
            SenderId: 'S',
            ApproximateFirstReceiveTimestamp: '2',
          },
          MessageAttributes: {
            kind: { DataType: 'String', StringValue: 'purge' },
            blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2]) },
          },
        },
      ],
      'arn:aws:sqs:us-east-1:123456789012:purge',
      'us-east-1',
    )
    expect(event.Records).toEqual([
      {
        messageId: 'm-1',
        receiptHandle: 'r-1',
        body: '{"job":1}',
        attributes: {
          ApproximateReceiveCount: '2',
          SentTimestamp: '1',
          SenderId: 'S',
          ApproximateFirstReceiveTimestamp: '2',
        },
        messageAttributes: {
          kind: { dataType: 'String', stringValue: 'purge', stringListValues: [], binaryListValues: [] },
          blob: { dataType: 'Binary', binaryValue: 'AQI=', stringListValues: [], binaryListValues: [] },
        },
        md5OfBody: 'md5',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:purge',
        awsRegion: 'us-east-1',
      },
    ])
  })
})
